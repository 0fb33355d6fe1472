/**
 * Commands as a user types them (through the shell), programs left running in the background as
 * a user leaves them in another terminal, and the waits in between.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Where and how a command runs. */
export interface CommandOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** @default 600_000 */
  timeoutMs?: number;
}

/** A finished command: its exit code and everything it printed. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  output: string;
}

function shell(command: string, options: CommandOptions): ChildProcess {
  return spawn(command, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    shell: true,
    // Its own process group, so that stopping it stops what npx or npm started under it.
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Runs a command to its end; fails with its output when it exits non-zero or runs too long. */
export async function run(command: string, options: CommandOptions): Promise<CommandResult> {
  const result = await runToExit(command, options);
  if (result.code !== 0) {
    throw new Error(`\`${command}\` exited ${result.code} in ${options.cwd}\n${result.output}`);
  }
  return result;
}

/** Runs a command to its end and returns its exit code and output, whatever the code. */
export function runToExit(command: string, options: CommandOptions): Promise<CommandResult> {
  const child = shell(command, options);
  let stdout = '';
  let output = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => stopGroup(child, 'SIGKILL'), options.timeoutMs ?? 600_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, output });
    });
  });
}

/** A program left running: what it printed so far, and how to stop it. */
export interface BackgroundProcess {
  output(): string;
  stop(): Promise<void>;
}

/** Starts a long-running command (a server), as in a second terminal. */
export function background(command: string, options: CommandOptions): BackgroundProcess {
  const child = shell(command, options);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    output: () => output,
    async stop() {
      stopGroup(child);
      const timer = setTimeout(() => stopGroup(child, 'SIGKILL'), 5_000);
      await closed;
      clearTimeout(timer);
    },
  };
}

/** A TCP port free at this moment on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds; fails after `timeoutMs` with what `describe` says. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`still not ready after ${timeoutMs} ms\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until something answers HTTP on the port. */
export function waitForHttp(port: number, process: BackgroundProcess, timeoutMs = 90_000) {
  return waitUntil(
    async () => {
      await fetch(`http://127.0.0.1:${port}/`);
      return true;
    },
    timeoutMs,
    process.output,
  );
}
