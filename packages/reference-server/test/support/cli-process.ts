import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script of the package, without declarations.
import { bundleCli } from '../../scripts/bundle-cli.mjs';

/** The package's folder: where the CLI runs (its working directory). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The CLI as the repository's `start`, the container image and the executable run it: its
 * one-file bundle, built once per test file from the current sources (one esbuild pass, about a
 * second), so each start costs node alone instead of compiling every source again.
 */
let bundled: Promise<string> | undefined;
export function cliBundle(): Promise<string> {
  const outfile = join(tmpdir(), `partner-assistant-cli-test-${process.pid}.cjs`);
  const built = bundled ?? bundleCli({ outfile }).then(() => outfile);
  bundled = built;
  return built;
}

/**
 * Starts the CLI as its bin does (node itself, no runner between a test's signals and it), from
 * its bundle ({@link cliBundle}), with `env` over the test's environment (`PORT` and `LOG_LEVEL`
 * cleared first).
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = { LOG_LEVEL: 'silent' },
  /** Another user to run as (the test runs as root). */
  user?: { uid: number; gid: number },
): Promise<CliRun> {
  const child = spawn(process.execPath, [await cliBundle(), ...args], {
    cwd: PACKAGE_ROOT,
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

/** A started CLI: its process, what it printed so far, and its exit code once it exited. */
export interface CliRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** The URL of the CLI's ready line, once printed (15 s at most). */
export async function readyUrl(run: CliRun): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const match = /http:\/\/[^\s)]+:\d+/.exec(run.stdout());
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not ready: ${run.stderr()}`);
}
