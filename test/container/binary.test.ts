/**
 * The standalone executable, as a runner without Node or a container engine runs it: built with
 * `build:binary`, started with an empty environment (`env -i`), probed on `/healthz`, checked by
 * the conformance kit, driven through the admin API over HTTP, stopped with SIGTERM.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale } from '../support/packaging.ts';
import { publishablePackages, ROOT } from '../support/workspace-packages.ts';
import {
  CI_CONFIG,
  CLOCK_ROUND_TRIP,
  CONFORMANCE_GROUPS,
  clockRoundTrip,
  FAULT_ROUND_TRIP,
  faultRoundTrip,
  runConformanceKit,
  runPackageScript,
  waitForHealth,
} from './support/server-checks.ts';
import { BINARY, type RunningBinary, startBinary } from './support/standalone-binary.ts';

const running: RunningBinary[] = [];
let buildOutput = '';

describe('the standalone executable', () => {
  beforeAll(async () => {
    await buildStale(publishablePackages().filter((pkg) => /contract|conformance/.test(pkg.name)));
    buildOutput = await runPackageScript('build-binary.mjs');
  });

  it('builds without a warning that nothing explains', () => {
    // postject's harmless ELF warnings (nine on Linux) are one line saying so; npm warns of no
    // pnpm setting.
    expect(buildOutput).not.toMatch(/^warning: |npm warn/m);
    if (process.platform === 'linux') expect(buildOutput).toMatch(/expected and harmless/);
  });
  afterAll(() => Promise.all(running.map((server) => server.stop())));

  it('runs with an empty environment: --version, --admin --config, conformance, a fault, SIGTERM', async () => {
    const manifest = `${ROOT}packages/reference-server/package.json`;
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    expect(execFileSync(BINARY, ['--version'], { env: {}, encoding: 'utf8' })).toBe(`${version}\n`);
    const dir = mkdtempSync(join(tmpdir(), 'pa-binary-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify(CI_CONFIG));
    const server = await startBinary(['--admin', '--config', config]);
    running.push(server);
    await waitForHealth(server.baseUrl);
    const conformance = await runConformanceKit(server.baseUrl, CONFORMANCE_GROUPS);
    expect(conformance.code, conformance.report).toBe(0);
    expect(await faultRoundTrip(server.baseUrl)).toEqual(FAULT_ROUND_TRIP);
    // Killed a second after SIGTERM otherwise.
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toContain('Warning');
  });

  it('takes a manual clock that the admin API moves (PORT=0: a free port)', async () => {
    const server = await startBinary(['--admin', '--seed', 'ci']);
    running.push(server);
    await waitForHealth(server.baseUrl);
    expect(await clockRoundTrip(server.baseUrl)).toEqual(CLOCK_ROUND_TRIP);
    expect(await server.stop()).toBe(0);
  });
});
