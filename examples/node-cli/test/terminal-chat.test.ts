import { PassThrough } from 'node:stream';
import type { WebSocketConstructor } from '@partner-assistant/client';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDemoClient } from '../src/demo-client.ts';
import { runTerminalChat } from '../src/terminal-chat.ts';
import { config, credentials } from './support/example-api.ts';

/** Runs the chat on piped stdin/stdout, as `echo "question" | npm start` would. */
function startChat(baseUrl: string, signal?: AbortSignal) {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk) => {
    printed += chunk;
  });
  const client = createDemoClient({
    baseUrl,
    ...credentials,
    // An explicit WebSocket keeps the test independent of the Node version and of which build of
    // the client the test runner loads (Node 22+ has a global one; the client falls back to `ws`).
    WebSocket: WebSocket as unknown as WebSocketConstructor,
  });
  const exitCode = runTerminalChat({ client, input, output, ...(signal ? { signal } : {}) });
  return { input, exitCode, printed: () => printed };
}

describe('example node-cli', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ config, port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  it('streams an answer to each line and exits 0 at the end of the input', async () => {
    const chat = startChat(server.url);
    chat.input.write('How do I renew my passport?\n');
    chat.input.end('When is the market open?\n');

    expect(await chat.exitCode).toBe(0);
    const printed = chat.printed();
    const answers = printed.split('\n').filter((line) => line.startsWith('assistant: '));
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer.length).toBeGreaterThan('assistant: '.length + 10);
    expect(printed).toContain('… '); // a status line while the assistant worked
    expect(printed).toContain('[connection: open]');
    expect(printed.trimEnd().endsWith('[connection: closed]')).toBe(true);
  });

  it('closes cleanly and exits 0 when interrupted mid-answer (Ctrl-C)', async () => {
    const interrupt = new AbortController();
    const chat = startChat(server.url, interrupt.signal);
    chat.input.write('Where is the town hall?\n');
    await expect.poll(() => chat.printed()).toContain('… ');
    interrupt.abort();

    expect(await chat.exitCode).toBe(0);
    expect(chat.printed()).toContain('[connection: closed]');
  });

  // `PARTNER_ASSISTANT_PROFILE=minimal npm test`: the same suite against a server that answers
  // only what the specification shows, without our `X-Request-Id` header.
  it('runs on the profile PARTNER_ASSISTANT_PROFILE asks for', async () => {
    const answer = await fetch(`${server.url}/api/partners/v1/capabilities`);
    expect(answer.status).toBe(401);
    const minimal = process.env.PARTNER_ASSISTANT_PROFILE === 'minimal';
    expect(answer.headers.has('x-request-id')).toBe(!minimal);
  });
});
