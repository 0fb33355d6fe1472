/** The standalone executable, run as on a machine without Node: an empty environment. */
import { spawn } from 'node:child_process';
import { ROOT } from '../../support/workspace-packages.ts';

/** The executable `npx -y pnpm@10 build:binary` writes. */
export const BINARY = `${ROOT}packages/reference-server/dist-bin/partner-assistant-server`;

/** A running executable. */
export interface RunningBinary {
  baseUrl: string;
  /** SIGTERM, SIGKILL after a second: resolves with the exit code, or the signal that ended it. */
  stop(): Promise<number | NodeJS.Signals>;
  /** Everything it printed. */
  output(): string;
}

/**
 * Starts the executable with `args` and no environment but `PORT=0` (as `env -i` does: no PATH,
 * no HOME, no Node), on a free port; resolves with the URL its ready line prints.
 */
export function startBinary(args: string[]): Promise<RunningBinary> {
  const child = spawn(BINARY, args, {
    env: { PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL')),
  );
  return new Promise((resolve, reject) => {
    let ready = false;
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+:\d+)/.exec(output)?.[1];
      if (!url || ready) return;
      ready = true;
      resolve({
        baseUrl: url,
        output: () => output,
        stop: () => {
          child.kill('SIGTERM');
          const kill = setTimeout(() => child.kill('SIGKILL'), 1000);
          return exited.finally(() => clearTimeout(kill));
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${output}`)));
  });
}
