import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '../packages/reference-server/src/index.ts';
import { TEST_CONFIG } from '../packages/reference-server/test/support/test-server.ts';
import { CLIENT_SCHEMA_PATH, renderClientSchema } from './openapi-client/render-schema.ts';
import { runGeneratedClientSession } from './openapi-client/session.ts';
import { frameProblems } from './support/document-validator.ts';
import { RecordingApi } from './support/recording-api.ts';

// A partner that never touches our SDKs: client types generated from docs/openapi.json by
// openapi-typescript, calls made with openapi-fetch, every answer and frame decoded strictly
// against docs/openapi.json and docs/asyncapi.yaml, as a native team's generated models decode
// them. It must work against a deployment that sends only what the specification promises (the
// minimal profile, ids in upper case) as well as against the reference server's default profile.
// The committed types must be what the generator makes of the committed document (`pnpm
// typecheck` checks the session against them).

it('the committed client types are what openapi-typescript generates from docs/openapi.json', async () => {
  const committed = readFileSync(new URL(`../${CLIENT_SCHEMA_PATH}`, import.meta.url), 'utf8');
  expect(committed).toBe(await renderClientSchema());
}, 60_000);

describe.each(['full', 'minimal'] as const)(
  'against the reference server, profile %s',
  (profile) => {
    let server: RunningReferenceServer;
    beforeAll(async () => {
      server = await startReferenceServer({
        port: 0,
        host: '127.0.0.1',
        clock: 'manual',
        config: { ...TEST_CONFIG, assistant: { processing_ms: 1000 } },
        profile,
      });
    });
    afterAll(() => server.close());

    it('a client generated from docs/openapi.json runs every documented flow, decoding every answer', async () => {
      const tenant = server.control.tenants.create();
      const result = await runGeneratedClientSession({
        baseUrl: server.url,
        clientId: tenant.clientId,
        clientSecret: tenant.clientSecret,
        letTurnEnd: () => server.control.clock.advance(60_000),
      });
      expect(result.decodingFailures).toEqual([]);
      expect(result.decoded).toBeGreaterThan(20);
      expect(result.answer.length).toBeGreaterThan(0);
      expect(result.historyRoles).toEqual(['user', 'assistant']);
      expect(result.pagedRoles).toEqual(['user', 'assistant']);
      expect(result.resumedSameConversation).toBe(true);
      expect(result.renamedTitle).toBe('Passport renewal');
      expect(result.deletedMessages.every((id) => /^[0-9a-f-]{36}$/i.test(id))).toBe(true);
      expect(result.erased).toBe(true);
      expect(result.environment).toBe('sandbox');
      expect(result.refusals).toEqual([
        '409 idempotency_conflict',
        '409 turn_in_progress',
        '422 invalid_request',
        '404 not_found',
        '401 unauthorized',
      ]);
    });

    it('every frame of an answered and of a failed turn decodes with docs/asyncapi.yaml', async () => {
      const tenant = server.control.tenants.create();
      const api = new RecordingApi(server.url, server.wsUrl);
      const basic = { basic: [tenant.clientId, tenant.clientSecret] as [string, string] };
      const issued = await api.call('POST', '/tokens', basic, { external_user_id: 'native-ws' });
      const token = (issued.body as { access_token: string }).access_token;
      const created = await api.call('POST', '/conversations', { token }, {});
      const conversationId = (created.body as { conversation_id: string }).conversation_id;
      const channel = api.connectWith(token);
      await channel.opened;
      const ask = (id: string) =>
        channel.send({
          type: 'user.message',
          conversation_id: conversationId,
          client_message_id: id,
          message: 'How do I renew my passport?',
        });
      ask('ws-1');
      await channel.next((frame) => frame.type === 'turn.accepted');
      server.control.clock.advance(60_000);
      await channel.next((frame) => frame.type === 'assistant.completed');
      server.control.faults.failNextTurns(1, { tenant: tenant.clientId });
      ask('ws-2');
      const second = await channel.next(
        (frame) =>
          frame.type === 'turn.accepted' &&
          (frame.turn as { client_message_id?: string }).client_message_id === 'ws-2',
      );
      server.control.clock.advance(60_000);
      const failed = await channel.next(
        (frame) => frame.type === 'assistant.error' && frame.turn_id === second.turn_id,
      );
      await channel.close();

      const problems = channel.frames.flatMap((frame) =>
        frameProblems(frame).map((problem) => `${String(frame.type)}: ${problem}`),
      );
      expect(problems).toEqual([]);
      expect(Object.keys(failed.error as object).sort()).toEqual(
        profile === 'minimal' ? ['message'] : ['code', 'message', 'retryable'],
      );
      const types = new Set(channel.frames.map((frame) => frame.type));
      expect(types).toContain('assistant.delta');
    });
  },
);
