/**
 * The repository's `start` (`scripts/start-reference-server.mjs`): on a first run it says what it
 * builds and about how long it takes, builds the one-file bundle, and serves; a later run, the
 * sources unchanged, starts at once without building.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/workspace-packages.ts';

interface StartRun {
  child: ChildProcess;
  stderr: () => string;
  /** The URL of the ready line. */
  ready: Promise<string>;
  exit: Promise<number | null>;
}

function start(bundle: string, args = ['--port', '0']): StartRun {
  const child = spawn(process.execPath, ['scripts/start-reference-server.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, REFERENCE_SERVER_BUNDLE: bundle, LOG_LEVEL: 'silent', PORT: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const url = /listening on (http:\/\/\S+:\d+)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', () => reject(new Error(`exited before listening:\n${stderr}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, stderr: () => stderr, ready, exit };
}

describe('npx -y pnpm@10 start', { timeout: 60_000 }, () => {
  it('says it builds on a first run, serves, and starts without building the next time', async () => {
    const bundle = join(mkdtempSync(join(tmpdir(), 'pa-start-')), 'server.cjs');
    const first = start(bundle);
    const startedAt = performance.now();
    const url = await first.ready;
    console.info(`first start: ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    expect(first.stderr()).toMatch(
      /^Building the reference server \(first run, about \d+ s\)[^\n]*\nBuilt in \d+\.\d s\./m,
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const again = start(bundle);
    await again.ready;
    expect(again.stderr()).not.toContain('Building');
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);

    // A usage error names the help command that works in the repository.
    const wrong = start(bundle, ['--prot', '4011']);
    wrong.ready.catch(() => {}); // it never listens: its exit is what counts
    expect(await wrong.exit).toBe(2);
    expect(wrong.stderr().trim().split('\n')).toEqual([
      "Unknown option '--prot'",
      'Run `pnpm start --help`.',
    ]);
  });
});
