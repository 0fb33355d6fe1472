import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEST_CONFIG, waitFor } from './support/test-server.ts';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function runCli(args: string[]): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(tsx, ['--conditions=@partner-assistant/source', 'src/cli/main.ts', ...args], {
    cwd: packageRoot,
    env: { ...process.env, LOG_LEVEL: 'silent' },
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

async function readyUrl(run: ReturnType<typeof runCli>): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const match = /http:\/\/[^\s)]+:\d+/.exec(run.stdout());
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not ready: ${run.stderr()}`);
}

describe('partner-assistant-server CLI', () => {
  it('starts on the demo configuration, prints its URL and channel, and exits 0 on SIGTERM', async () => {
    // `pnpm start -- --port 0` passes the `--` on: it is skipped.
    const run = runCli(['--', '-p', '0']);
    const url = await readyUrl(run);
    expect(run.stdout().trim().split('\n')).toHaveLength(1);
    expect(run.stdout()).toContain(
      `WebSocket channel ${url.replace('http', 'ws')}/api/partners/v1/chat`,
    );
    // The demo credentials go to stderr, the only secrets ever printed (they are public).
    await waitFor(() => run.stderr().includes('demo-production / demo-production-secret'));
    expect(run.stderr()).toContain('demo-sandbox / demo-sandbox-secret');
    const basic = Buffer.from('demo-sandbox:demo-sandbox-secret').toString('base64');
    const reply = await fetch(`${url}/api/partners/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ external_user_id: 'demo-user' }),
    });
    expect(reply.status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('starts with --config and --host, prints no secret, and exits 0 on a repeated SIGINT', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reference-server-')), 'config.json');
    writeFileSync(file, JSON.stringify(TEST_CONFIG));
    const run = runCli(['--config', file, '--port', '0', '--host', '127.0.0.1']);
    expect(await readyUrl(run)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Ctrl-C in a terminal delivers SIGINT twice (from the terminal and from the runner).
    run.child.kill('SIGINT');
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    expect(run.stderr()).not.toContain('s3cret');
  });

  it('rejects an unknown key or an invalid value, naming the key', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reference-server-')), 'config.json');
    const [partner] = TEST_CONFIG.partners;
    const application = {
      ...partner!.applications[0],
      limits: { ...partner!.applications[0]!.limits, requests_per_minute: -1 },
      colour: 'blue',
    };
    writeFileSync(
      file,
      JSON.stringify({ ...TEST_CONFIG, partners: [{ ...partner, applications: [application] }] }),
    );
    const run = runCli(['--config', file]);
    expect(await run.exit).not.toBe(0);
    expect(run.stderr()).toContain('partners.0.applications.0.colour: unknown key');
    expect(run.stderr()).toContain('partners.0.applications.0.limits.requests_per_minute');
  });

  it('prints help, and refuses bad flags', async () => {
    const help = runCli(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toContain('--config FILE');
    const bad = runCli(['--port', 'eighty']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain('--port must be an integer from 0 to 65535, got "eighty"');
    const short = runCli(['-h']);
    expect(await short.exit).toBe(0);
    expect(short.stdout()).toContain('-p, --port N');
    const version = runCli(['--version']);
    expect(await version.exit).toBe(0);
    expect(version.stdout().trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('refuses a manual clock that nothing could move (no --admin)', async () => {
    for (const args of [
      ['--clock', 'manual'],
      ['--seed', 'ci'],
    ]) {
      const run = runCli(args);
      expect(await run.exit).toBe(2);
      expect(run.stderr()).toContain('needs --admin');
    }
  });

  it('serves the admin API with --admin, on a manual clock with --seed', async () => {
    const run = runCli(['--admin', '--seed', 'cli-suite', '--start-at', '2026-05-01T00:00:00Z']);
    const url = await readyUrl(run);
    expect(run.stdout()).toContain('admin API at /__admin');
    const advanced = await fetch(`${url}/__admin/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 1000 }),
    });
    expect(await advanced.json()).toEqual({ now: '2026-05-01T00:00:01.000Z' });
    const tenant = await fetch(`${url}/__admin/tenants`, { method: 'POST' });
    expect(tenant.status).toBe(201);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});
