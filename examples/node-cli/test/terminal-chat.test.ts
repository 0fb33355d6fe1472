import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { WebSocketConstructor } from '@partner-assistant/client';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDemoClient } from '../src/demo-client.ts';
import { runTerminalChat } from '../src/terminal-chat.ts';

const PRELOAD = new URL('./support/global-websocket.mjs', import.meta.url).href;
const credentials = { clientId: 'example-cli', clientSecret: 'example-cli-secret' };
const config = {
  partners: [
    {
      id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      name: 'Example partner',
      applications: [
        {
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 1000,
            concurrent_turns: 4,
            daily_messages: 1000,
          },
        },
      ],
    },
  ],
  assistant: { processing_ms: 150 },
};

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

  // Process groups and SIGINT are POSIX: Windows has neither.
  it.skipIf(process.platform === 'win32')(
    'exits 0 on Ctrl-C through `npm start`, as the terminal sends it to the whole process group',
    async () => {
      // A process group of its own, as a terminal's foreground job: npm, tsx and the program.
      const run = spawn('npm', ['start', '--silent'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          ...process.env,
          // The workspace packages from their sources, as the rest of this suite: no build needed;
          // a global WebSocket stands in for the Node build's `ws` fallback.
          NODE_OPTIONS: `--conditions=@partner-assistant/source --import ${PRELOAD}`,
          PARTNER_ASSISTANT_BASE_URL: server.url,
          PARTNER_ASSISTANT_CLIENT_ID: credentials.clientId,
          PARTNER_ASSISTANT_CLIENT_SECRET: credentials.clientSecret,
        },
      });
      let printed = '';
      run.stdout?.on('data', (chunk) => {
        printed += chunk;
      });
      run.stderr?.on('data', (chunk) => {
        printed += chunk;
      });
      const exit = new Promise<number | null>((resolve) =>
        run.once('exit', (code) => resolve(code)),
      );
      try {
        run.stdin?.write('Where is the town hall?\n'); // stdin stays open: only Ctrl-C ends it
        await expect.poll(() => printed, { timeout: 20_000 }).toContain('… ');
        if (run.pid !== undefined) process.kill(-run.pid, 'SIGINT');
        expect(await exit).toBe(0);
        expect(printed).toContain('[connection: closed]');
      } finally {
        if (run.exitCode === null && run.pid !== undefined) process.kill(-run.pid, 'SIGKILL');
      }
    },
    40_000,
  );
});
