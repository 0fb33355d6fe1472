/**
 * `close()` is final: after it a Node process exits by itself within a second, even when the
 * server froze mid-connection (no answer to the closing handshake) or the token provider never
 * answers. Measured on a child process, from `closed` to its exit.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.ts';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const child = fileURLToPath(new URL('close-exits.child.ts', import.meta.url));

let frozen: ScriptedServer;
beforeAll(async () => {
  // Answers the first ping, then stops reading: the closing handshake never completes.
  frozen = await startScriptedServer({
    onFrame(socket, frame) {
      if (frame.type !== 'ping') return true;
      socket.send(JSON.stringify({ type: 'pong' }));
      (socket as unknown as { _socket: { pause(): void } })._socket.pause();
      return true;
    },
  });
});
afterAll(() => frozen.close());

/** Milliseconds from the child's `closed` line to its exit. */
function exitDelay(mode: string, baseUrl?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [tsx, '--conditions=@partner-assistant/source', child, mode];
    const process_ = spawn(process.execPath, baseUrl ? [...args, baseUrl] : args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let closedAt: number | undefined;
    process_.stdout.on('data', (data: Buffer) => {
      if (String(data).includes('closed')) closedAt = Date.now();
    });
    process_.on('exit', (code) => {
      if (closedAt === undefined || code !== 0) reject(new Error(`child exited with ${code}`));
      else resolve(Date.now() - closedAt);
    });
  });
}

it.concurrent('against a frozen server: the socket is terminated, the process exits within a second', async () => {
  expect(await exitDelay('frozen', frozen.baseUrl)).toBeLessThan(1000);
}, 20_000);

it.concurrent('with a token provider that never answers: its timer is cleared, the process exits within a second', async () => {
  expect(await exitDelay('token')).toBeLessThan(1000);
}, 20_000);
