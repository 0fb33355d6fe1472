import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBundle, PACKAGE_ROOT, readyUrl, runCli } from './support/cli-process.ts';
import { TEST_CONFIG, waitFor } from './support/test-server.ts';

describe('partner-assistant-server CLI', { timeout: 40_000 }, () => {
  it('starts on the demo configuration, prints its URL and channel, and exits 0 on SIGTERM', async () => {
    // `PORT` is honoured (0: a free port, never the default 4010); `pnpm start -- …` passes the
    // `--` on: it is skipped.
    const run = await runCli(['--'], { PORT: '0', LOG_LEVEL: 'silent' });
    const url = await readyUrl(run);
    expect(url).not.toMatch(/:4010$/);
    // Readiness and the root answer without --admin, for probes and for a browser.
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const home = await (await fetch(url)).json();
    expect(home).toMatchObject({ api: '/api/partners/v1', health: '/healthz' });
    expect(home.docs).toMatch(/docs\/getting-started$/);
    expect(run.stdout().trim().split('\n')).toHaveLength(1);
    expect(run.stdout()).toContain(
      `WebSocket channel ${url.replace('http', 'ws')}/api/partners/v1/chat`,
    );
    // The demo credentials go to stderr, the only secrets ever printed (they are public).
    await waitFor(() => run.stderr().includes('Getting started: https://'));
    expect(run.stderr()).toContain('demo-production / demo-production-secret');
    // The banner's curl issues a token as printed (its parts, as curl sends them).
    const curl = /curl -u (\S+):(\S+) -H '([^']+)' -d '([^']+)' (\S+)/.exec(run.stderr());
    const [, clientId = '', secret = '', header = '', body, tokenUrl = ''] = curl ?? [];
    expect([clientId, secret]).toEqual(['demo-sandbox', 'demo-sandbox-secret']);
    expect(tokenUrl).toBe(`${url}/api/partners/v1/tokens`);
    const reply = await fetch(tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        [header.split(': ')[0]!]: header.split(': ')[1]!,
      },
      body,
    });
    expect(reply.status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('starts with --config and --host, prints no secret, and exits 0 on a repeated SIGINT', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reference-server-')), 'config.json');
    writeFileSync(file, JSON.stringify(TEST_CONFIG));
    const run = await runCli(['--config', file, '--port', '0', '--host', '127.0.0.1']);
    expect(await readyUrl(run)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Ctrl-C in a terminal delivers SIGINT twice (from the terminal and from the runner).
    run.child.kill('SIGINT');
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    expect(run.stderr()).not.toContain('s3cret');
    expect(run.stderr()).not.toContain('curl');
  });

  it('says who it runs as when it may not read the config file, and how to let it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reference-server-'));
    chmodSync(dir, 0o755);
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(TEST_CONFIG), { mode: 0o600 });
    // Root reads any file: run as nobody then, as the image runs as `node`.
    const root = process.getuid?.() === 0;
    if (!root) chmodSync(file, 0o000);
    const user = root ? { uid: 65534, gid: 65534 } : undefined;
    const run = await runCli(['--config', file, '--port', '0'], { LOG_LEVEL: 'silent' }, user);
    expect(await run.exit).toBe(2);
    const [uid, gid] = root ? [65534, 65534] : [process.getuid?.(), process.getgid?.()];
    expect(run.stderr()).toContain(`Cannot read config file ${file}: EACCES`);
    expect(run.stderr()).toContain(
      `The server runs as uid ${uid}, gid ${gid}: make the file readable to it (chmod a+r ${file} on the host), or, in a container, start it as the file's owner (--user "$(id -u):$(id -g)")`,
    );
  });

  it('on every interface (0.0.0.0), prints the address that reaches it and a word on published ports', async () => {
    const run = await runCli(['--host', '0.0.0.0', '--port', '0']);
    const url = await readyUrl(run);
    const port = new URL(url).port;
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(run.stdout()).toContain(
      `listening on 0.0.0.0:${port}, every interface: http://127.0.0.1:${port} from this machine or container; from a container's host, the host port published for ${port} (WebSocket channel ws://127.0.0.1:${port}/api/partners/v1/chat;`,
    );
    await waitFor(() => run.stderr().includes('Getting started: https://'));
    expect(run.stderr()).toContain(`http://127.0.0.1:${port}/api/partners/v1/tokens`);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
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
    const run = await runCli(['--config', file, '--port', '0']);
    expect(await run.exit).not.toBe(0);
    expect(run.stderr()).toContain('partners.0.applications.0.colour: unknown key');
    expect(run.stderr()).toContain('partners.0.applications.0.limits.requests_per_minute');
  });

  it('prints help and its version, and refuses a bad flag in two lines: the reason, then where the help is', async () => {
    const [help, version, bad] = await Promise.all(
      [['--help'], ['--version'], ['--port', 'eighty']].map((args) => runCli(args)),
    );
    expect(await help!.exit).toBe(0);
    expect(help!.stdout()).toContain('-p, --port N');
    expect(await version!.exit).toBe(0);
    expect(version!.stdout().trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(await bad!.exit).toBe(2);
    // Run from its bundle here: the hint names that file (help-command.test.ts has each case).
    expect(bad!.stderr().trim().split('\n')).toEqual([
      '--port must be an integer from 0 to 65535, got "eighty"',
      `Run \`node ${relative(PACKAGE_ROOT, await cliBundle())} --help\`.`,
    ]);
  });

  it('serves the admin API with --admin, on a manual clock with --seed', async () => {
    const run = await runCli([
      ...['--admin', '--seed', 'cli-suite', '--start-at', '2026-05-01T00:00:00Z', '-p', '0'],
    ]);
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

  it('logs one JSON line per request when stderr is not a terminal, one readable line with --log-format pretty', async () => {
    const json = await runCli(['--port', '0'], {});
    const pretty = await runCli(
      ['--port', '0', '--log-format', 'pretty', '--log-level', 'info'],
      {},
    );
    for (const run of [json, pretty]) {
      const url = await readyUrl(run);
      await fetch(`${url}/api/partners/v1/capabilities`);
      await waitFor(() => run.stderr().includes('/api/partners/v1/capabilities'));
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
    }
    const jsonLine = json
      .stderr()
      .split('\n')
      .find((line) => line.includes('capabilities'));
    expect(JSON.parse(jsonLine!)).toMatchObject({ msg: 'request', status: 401 });
    expect(pretty.stderr()).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/partners\/v1\/capabilities 401 [\d.]+ ms getCapabilities \(request [\w-]+\)$/m,
    );
  });
});
