import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import type { RunningReferenceServer } from '@partner-assistant/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, runCli as runCliIn } from '../src/cli/run-cli.ts';
import { DRIFTS } from './drifts.ts';
import { runOptions, SECRETS, startConformanceServer } from './support/conformance-server.ts';
import { startDriftingProxy } from './support/drifting-proxy.ts';

/** Runs the CLI in this process with captured output; resolves with its exit code and output. */
async function runCli(args: string[], env: Record<string, string> = {}) {
  const output = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr') => ({
    isTTY: false,
    columns: 80,
    write: (text: string) => {
      output[name] += text;
      return true;
    },
  });
  const io = { stdout: stream('stdout'), stderr: stream('stderr'), env } as CliIo;
  const code = await runCliIn(args, io);
  return { code, ...output };
}

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startConformanceServer();
});
afterAll(() => server?.close());

describe.concurrent('partner-assistant-conformance', () => {
  it('exits 2 naming the problem: bad usage, or credentials the deployment refuses', async () => {
    const { clientId } = runOptions(server.url);
    const wrongSecret = 'wrong-secret-that-must-not-be-printed';
    const [missing, unknownGroup, refused] = await Promise.all([
      runCli([]),
      runCli([
        '--base-url',
        server.url,
        '--client-id',
        clientId,
        '--client-secret',
        'x',
        '--only',
        'nonsense',
      ]),
      runCli(['--base-url', server.url, '--client-id', clientId, '--client-secret', wrongSecret]),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--base-url is required');
    expect(missing.stderr).toContain('Usage: partner-assistant-conformance');
    expect(unknownGroup.code).toBe(2);
    expect(unknownGroup.stderr).toContain('unknown entry "nonsense"');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Cannot start the run: token issuance answered 401 unauthorized',
    );
    expect(refused.stderr + refused.stdout).not.toContain(wrongSecret);
    const stray = await runCli(['--base-url', server.url, '--client-id', clientId, wrongSecret]);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('every value follows its flag');
    expect(stray.stderr).not.toContain(wrongSecret);
  });

  it('exits 0 when nothing failed, with the secret from the environment and a JUnit file', async () => {
    const output = `${mkdtempSync(`${tmpdir()}/conformance-cli-`)}/report.xml`;
    const { clientId, clientSecret } = runOptions(server.url);
    const run = await runCli(
      ['--base-url', server.url, '--client-id', clientId, '--only', 'capabilities,tokens'],
      { PARTNER_ASSISTANT_CLIENT_SECRET: clientSecret },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('7 rules: 7 passed, 0 failed, 0 skipped');
    const junit = await runCli(
      [
        '--base-url',
        server.url,
        '--client-id',
        clientId,
        '--only',
        'capabilities',
        '--reporter',
        'junit',
        '--output',
        output,
      ],
      { PARTNER_ASSISTANT_CLIENT_SECRET: clientSecret },
    );
    expect(junit.code).toBe(0);
    const xml = readFileSync(output, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]*tests="2" failures="0"/);
    expect(xml).toContain('<testsuite name="Capabilities"');
    for (const text of [run.stdout, run.stderr, xml]) expect(text).not.toContain(clientSecret);
  });

  it('exits 1 when a rule fails, naming it and quoting what it checks', async () => {
    const drift = DRIFTS.find((entry) => entry.failing.includes('errors.envelope'));
    const proxy = await startDriftingProxy(server, drift?.drift() ?? {});
    try {
      const { clientId, clientSecret } = runOptions(proxy.url);
      const run = await runCli([
        '--base-url',
        proxy.url,
        '--client-id',
        clientId,
        '--client-secret',
        clientSecret,
        '--only',
        'errors',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('✗ Every error answer has the envelope');
      expect(run.stdout).toContain('errors.envelope');
      expect(run.stdout).toContain('error.request_id: Invalid input');
      expect(run.stdout).toContain('checks: “Every error response has the same JSON envelope');
      // Each failure says its kind: a broken promise of the specification, or a decision.
      expect(run.stdout).toContain(
        'kind: specification (the deployment breaks a promise of the specification)',
      );
      expect(run.stdout).toContain('kind: decision (one of our recorded decisions');
      expect(run.stdout).toContain('2 failed (1 specification, 1 decision)');
      for (const secret of SECRETS) expect(run.stdout + run.stderr).not.toContain(secret);
    } finally {
      await proxy.close();
    }
  });

  it('exits 2 naming the URL and the cause when the deployment cannot be reached', async () => {
    const args = (baseUrl: string) => [
      '--base-url',
      baseUrl,
      '--client-id',
      'conformance-client',
      '--client-secret',
      'conformance-secret-never-printed',
    ];
    // A port that was just free (nothing listens), a name under the reserved `.invalid` domain
    // (never resolves, no network needed), and HTTPS asked of a server that speaks plain text.
    const closedPort = await freePort();
    const accepted: Socket[] = [];
    const plain = createServer((socket) => {
      accepted.push(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainPort = (plain.address() as { port: number }).port;
    try {
      const [refused, unresolved, tls] = await Promise.all([
        runCli(args(`http://127.0.0.1:${closedPort}`)),
        runCli(args('http://conformance-target.invalid')),
        runCli(args(`https://127.0.0.1:${plainPort}`)),
      ]);
      for (const run of [refused, unresolved, tls]) expect(run.code).toBe(2);
      expect(refused.stderr).toContain(
        `POST /tokens: the request to http://127.0.0.1:${closedPort}/api/partners/v1/tokens failed: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
      );
      expect(unresolved.stderr).toContain(
        'the request to http://conformance-target.invalid/api/partners/v1/tokens failed:',
      );
      // ENOTFOUND where a resolver answers; EAI_AGAIN where none can be asked.
      expect(unresolved.stderr).toMatch(/(ENOTFOUND|EAI_AGAIN) conformance-target\.invalid/);
      expect(tls.stderr).toContain(`the request to https://127.0.0.1:${plainPort}/`);
      expect(tls.stderr).toContain('TLS error:');
      for (const run of [refused, unresolved, tls]) {
        expect(run.stderr).not.toContain('fetch failed');
        expect(run.stderr + run.stdout).not.toContain('conformance-secret-never-printed');
      }
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});

/** A loopback port nothing listens on: taken, then released. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
