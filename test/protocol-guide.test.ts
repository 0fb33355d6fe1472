import { readFileSync } from 'node:fs';
import { CLOSE_CODE_RULES, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '../packages/reference-server/src/index.ts';
import { TEST_CONFIG } from '../packages/reference-server/test/support/test-server.ts';
import { differences, fillIn, readTranscript } from './support/guide-transcript.ts';
import { RecordingApi, type RecordingChannel } from './support/recording-api.ts';

// docs/guides/protocol.md, replayed over a plain WebSocket: each client block is sent as written,
// each server block must match the next frame of its type (more deltas and labels may come between).
const GUIDE = new URL('../docs/guides/protocol.md', import.meta.url);
const REPEATED = new Set(['assistant.delta', 'assistant.status']);

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    config: { ...TEST_CONFIG, assistant: { processing_ms: 1000 } },
    port: 0,
    host: '127.0.0.1',
    clock: 'manual',
    seed: 'protocol-guide',
  });
});
afterAll(() => server.close());

/** The next frame of `channel` after `cursor` of the expected type, moving the manual clock. */
async function nextOfType(channel: RecordingChannel, cursor: number, type: unknown) {
  for (let attempt = 0; attempt < 400; attempt++) {
    for (let index = cursor; index < channel.frames.length; index++) {
      const frame = channel.frames[index]!;
      if (frame.type === type) return { frame, cursor: index + 1 };
      if (!REPEATED.has(String(frame.type))) {
        throw new Error(`${String(frame.type)} arrived where the guide shows ${String(type)}`);
      }
    }
    server.control.clock.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`No ${String(type)} arrived`);
}

it('the transcript of docs/guides/protocol.md is what the reference server does', async () => {
  const tenant = server.control.tenants.create();
  const api = new RecordingApi(server.url, server.wsUrl);
  const issued = await api.call(
    'POST',
    '/tokens',
    { basic: [tenant.clientId, tenant.clientSecret] },
    {
      external_user_id: 'native-app-user',
    },
  );
  const token = (issued.body as { access_token: string }).access_token;
  const conversation = await api.call('POST', '/conversations', { token });
  const bindings = new Map<string, unknown>([
    ['CONVERSATION_ID', (conversation.body as { conversation_id: string }).conversation_id],
  ]);
  const steps = readTranscript(GUIDE);
  expect(steps.filter((step) => step.from === 'server').length).toBeGreaterThanOrEqual(8);

  let channel = api.connect([WEBSOCKET_SUBPROTOCOL, token]);
  await channel.opened;
  let cursor = 0;
  for (const step of steps) {
    if (step.from === 'client') {
      if (step.newConnection) {
        await channel.close();
        channel = api.connect([WEBSOCKET_SUBPROTOCOL, token]);
        await channel.opened;
        cursor = 0;
      }
      channel.send(fillIn(step.frame, bindings));
      continue;
    }
    const expected = step.frame as { type: string };
    const found = await nextOfType(channel, cursor, expected.type);
    cursor = found.cursor;
    expect(differences(expected, found.frame, bindings, expected.type)).toEqual([]);
  }
  await channel.close();
});

it('the guide says what to do for every close code', () => {
  const guide = readFileSync(GUIDE, 'utf8');
  for (const rule of CLOSE_CODE_RULES) expect(guide).toMatch(new RegExp(`\\n\\| ${rule.code} \\|`));
});
