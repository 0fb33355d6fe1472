/**
 * The reference server's OCI image, as a CI outside Node runs it: built with `build:image`,
 * started with `run`, probed on `/healthz`, checked by the conformance kit, driven through the
 * admin API over HTTP, stopped with SIGTERM. Skipped where no container engine runs (failing
 * instead under CI=true).
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale } from '../support/packaging.ts';
import { publishablePackages } from '../support/workspace-packages.ts';
import {
  containerEngine,
  engineRun,
  healthStatus,
  IMAGE,
  removeContainers,
  runContainer,
} from './support/container-engine.ts';
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

const engine = containerEngine();
// Under CI a missing engine is a failure, not a skip.
const skipReason = process.env.CI ? undefined : engine.problem;
const started: string[] = [];
if (skipReason) console.warn(`Container image tests skipped: ${skipReason}`);

describe.skipIf(skipReason)(
  skipReason ? `the container image (skipped: ${skipReason})` : 'the container image',
  () => {
    beforeAll(async () => {
      if (engine.problem) throw new Error(engine.problem);
      await buildStale(
        publishablePackages().filter((pkg) => /contract|conformance/.test(pkg.name)),
      );
      await runPackageScript('build-image.mjs', { CONTAINER_CLI: engine.cli.join(' ') });
    });
    afterAll(() => removeContainers(engine, started));

    it('adds a few MB to node:20-slim, runs as node and keeps its HEALTHCHECK', async () => {
      const inspect = async (image: string, format: string) =>
        (await engineRun(engine, ['image', 'inspect', image, '--format', format])).trim();
      const added =
        Number(await inspect(IMAGE, '{{.Size}}')) -
        Number(await inspect('node:20-slim', '{{.Size}}'));
      console.info(`image: ${(added / 1e6).toFixed(1)} MB over node:20-slim`);
      expect(added).toBeLessThan(10e6);
      expect(await inspect(IMAGE, '{{.Config.User}}')).toBe('node');
      expect(await inspect(IMAGE, '{{json .Config.Healthcheck.Test}}')).toContain('/healthz');
    });

    it('serves --admin --config on 0.0.0.0:4010: conformance, a fault from outside, JSON logs on stdout, SIGTERM', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pa-image-'));
      const config = join(dir, 'config.json');
      writeFileSync(config, JSON.stringify(CI_CONFIG));
      chmodSync(config, 0o644);
      const server = await runContainer(engine, {
        args: ['--admin', '--config', '/config.json'],
        mounts: [`${config}:/config.json:ro`],
      });
      started.push(server.name);
      await waitForHealth(server.baseUrl);
      expect(await healthStatus(engine, server.name)).toBe('healthy');
      const conformance = await runConformanceKit(server.baseUrl, CONFORMANCE_GROUPS);
      expect(conformance.code, conformance.report).toBe(0);
      expect(await faultRoundTrip(server.baseUrl)).toEqual(FAULT_ROUND_TRIP);
      // Everything on stdout: the ready line, then pino's JSON lines (one per request).
      const { stdout, stderr } = await server.logs();
      expect(stderr).not.toContain('"msg":"request"');
      // 0.0.0.0 is no address to call: the line gives one, and says the host's port may differ.
      expect(stdout).toContain(
        "listening on 0.0.0.0:4010, every interface: http://127.0.0.1:4010 from this machine or container; from a container's host, the host port published for 4010",
      );
      const requests = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; status?: number });
      expect(requests.some((entry) => entry.msg === 'request' && entry.status === 503)).toBe(true);
      // `stop --time 1` kills what has not exited a second after SIGTERM (exit code 137).
      expect(await server.stop()).toBe(0);
    });

    it('names the uid and gid it runs as when the mounted config file is not readable to it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pa-image-'));
      const config = join(dir, 'config.json');
      writeFileSync(config, JSON.stringify(CI_CONFIG));
      chmodSync(config, 0o600); // the owner's only: not the image's `node` user (uid 1000)
      const refused = await engineRun(engine, [
        ...[
          'run',
          '--rm',
          '--volume',
          `${config}:/config.json:ro`,
          IMAGE,
          '--config',
          '/config.json',
        ],
      ]).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(refused).toContain('Cannot read config file /config.json: EACCES');
      expect(refused).toContain('The server runs as uid 1000, gid 1000');
      expect(refused).toContain('--user "$(id -u):$(id -g)"');
    });

    it('takes PORT, arguments from PARTNER_ASSISTANT_SERVER_ARGS, and a manual clock moved over HTTP', async () => {
      // As GitHub Actions `services:` start it: variables only, no arguments.
      const server = await runContainer(engine, {
        args: [],
        env: { PORT: '5000', PARTNER_ASSISTANT_SERVER_ARGS: '--admin --seed ci' },
        port: 5000,
      });
      started.push(server.name);
      await waitForHealth(server.baseUrl);
      expect(await clockRoundTrip(server.baseUrl)).toEqual(CLOCK_ROUND_TRIP);
      expect(await server.stop()).toBe(0);
    });
  },
);
