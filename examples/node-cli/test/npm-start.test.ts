/**
 * Ctrl-C through `npm start`: the program exits 0, its connection closed. Apart from the chat's
 * other tests, which run again on the spec-minimal profile: this one is the same on both.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, credentials } from './support/example-api.ts';

const PRELOAD = new URL('./support/global-websocket.mjs', import.meta.url).href;

describe('example node-cli through npm start', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ config, port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server?.close());

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
