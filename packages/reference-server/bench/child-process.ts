import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A benchmark target running in its own process, so the load generator does not share its loop. */
export interface BenchChild {
  /** The JSON the child printed on its first line of stdout once ready. */
  readonly ready: Record<string, unknown>;
  /** Milliseconds from spawn to the ready line. */
  readonly readyAfterMs: number;
  /** The child process. */
  readonly process: ChildProcess;
  /** Stops the child and waits for it to exit. */
  stop(): Promise<void>;
}

/** Runs a TypeScript file of this folder with tsx and waits for its JSON ready line. */
export async function spawnBenchChild(
  file: string,
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<BenchChild> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      '--import',
      'tsx',
      '--conditions=@partner-assistant/source',
      fileURLToPath(new URL(file, import.meta.url)),
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`${file} exited with ${code} before it was ready`)),
    );
  });
  const readyAfterMs = performance.now() - started;
  return {
    ready: JSON.parse(first) as Record<string, unknown>,
    readyAfterMs,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
