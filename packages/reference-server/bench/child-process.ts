import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A benchmark target running in its own process, so the load generator does not share its loop. */
export interface BenchChild {
  /** The child's first line of stdout once ready: its JSON, or `{ line }` when not JSON. */
  readonly ready: Record<string, unknown>;
  /** Milliseconds from spawn to the ready line. */
  readonly readyAfterMs: number;
  /** The child process. */
  readonly process: ChildProcess;
  /** Stops the child and waits for it to exit. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A benchmark that fails must not leave servers behind holding its output open.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs a script of this folder with plain Node (built packages, as partners run them) and waits for its JSON ready line. The child has
 * an IPC channel, for targets that answer questions such as their memory use.
 */
export async function spawnBenchChild(
  file: string,
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<BenchChild> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, fileURLToPath(new URL(file, import.meta.url)), ...args],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`${file} exited with ${code} before it was ready`)),
    );
  });
  const readyAfterMs = performance.now() - started;
  return {
    ready: parseReadyLine(first),
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

function parseReadyLine(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { line };
  }
}
