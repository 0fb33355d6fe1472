import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the CLI as its bin does (node itself, no runner between a test's signals and it), with
 * `env` over the test's environment (`PORT` and `LOG_LEVEL` cleared first).
 */
export function runCli(
  args: string[],
  env: Record<string, string> = { LOG_LEVEL: 'silent' },
  /** Another user to run as (the test runs as root). */
  user?: { uid: number; gid: number },
): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
} {
  const flags = ['--import', 'tsx', '--conditions=@partner-assistant/source'];
  const child = spawn(process.execPath, [...flags, 'src/cli/main.ts', ...args], {
    cwd: packageRoot,
    env: { ...process.env, PORT: '', LOG_LEVEL: '', ...env },
    ...user,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

/** The URL of the CLI's ready line, once printed (15 s at most). */
export async function readyUrl(run: ReturnType<typeof runCli>): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const match = /http:\/\/[^\s)]+:\d+/.exec(run.stdout());
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not ready: ${run.stderr()}`);
}
