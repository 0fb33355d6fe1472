import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '../packages/reference-server/src/index.ts';
import { TEST_CONFIG } from '../packages/reference-server/test/support/test-server.ts';
import { CLIENT_SCHEMA_PATH, renderClientSchema } from './openapi-client/render-schema.ts';
import { runGeneratedClientSession } from './openapi-client/session.ts';

// A partner that never touches our SDKs: client types generated from docs/openapi.json by
// openapi-typescript, calls made with openapi-fetch. The committed types must be what the
// generator makes of the committed document (`pnpm typecheck` checks the session against them).
let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    clock: 'manual',
    config: { ...TEST_CONFIG, assistant: { processing_ms: 1000 } },
  });
});
afterAll(() => server.close());

it('the committed client types are what openapi-typescript generates from docs/openapi.json', async () => {
  const committed = readFileSync(new URL(`../${CLIENT_SCHEMA_PATH}`, import.meta.url), 'utf8');
  expect(committed).toBe(await renderClientSchema());
}, 60_000);

it('a client generated from docs/openapi.json runs a full session against the reference server', async () => {
  const tenant = server.control.tenants.create();
  const result = await runGeneratedClientSession({
    baseUrl: server.url,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
    letTurnEnd: () => server.control.clock.advance(60_000),
  });
  expect(result.answer.length).toBeGreaterThan(0);
  expect(result.historyRoles).toEqual(['user', 'assistant']);
  expect(result.renamedTitle).toBe('Passport renewal');
  expect(result.deletedMessages.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  expect(result.erased).toBe(true);
  expect(result.environment).toBe('sandbox');
});
