import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { referenceServerGlobalSetup, URL_ENV, WS_URL_ENV } from '../src/vitest/index.ts';
import { runCommand } from './support/run-command.ts';
import { TEST_CONFIG } from './support/test-server.ts';

const vitestBin = fileURLToPath(new URL('../../../node_modules/.bin/vitest', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/parallel-tenants/', import.meta.url));
const clocksFixture = fileURLToPath(new URL('./fixtures/parallel-clocks/', import.meta.url));

/** Runs vitest on a fixture project; resolves with its exit code and plain output. */
const runFixture = (root: string, extraArgs: string[] = []) =>
  runCommand(vitestBin, ['run', '--root', root, '--config', 'vitest.config.ts', ...extraArgs], {
    cwd: root,
    env: { NODE_ENV: 'test' },
  });

describe('@partner-assistant/reference-server/vitest', () => {
  it('starts a server, provides its URLs and closes it on teardown', async () => {
    const provided: Record<string, unknown> = {};
    const setup = referenceServerGlobalSetup({ config: TEST_CONFIG });
    const teardown = await setup({
      provide: (key, value) => {
        provided[key] = value;
      },
    });
    const url = String(provided.partnerAssistantUrl);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(provided.partnerAssistantWsUrl).toBe(url.replace('http', 'ws'));
    expect(process.env[URL_ENV]).toBe(url);
    expect(process.env[WS_URL_ENV]).toBe(provided.partnerAssistantWsUrl);
    expect((await fetch(`${url}/api/partners/v1/capabilities`)).status).toBe(401);
    await teardown();
    await expect(fetch(`${url}/api/partners/v1/capabilities`)).rejects.toThrow();
    expect(process.env[URL_ENV]).toBeUndefined();
  });

  it('serves two test files in parallel, each with its own isolated tenant', async () => {
    const { code, output: plain } = await runFixture(fixture);
    expect(plain).toMatch(/Test Files\s+2 passed/);
    expect(code).toBe(0);
  }, 60_000);

  it('keeps four files on four workers apart in time: each steps only its own tenant clock', async () => {
    // --maxWorkers=4 whatever the machine's cores: every file runs at the same time as the others.
    const { code, output } = await runFixture(clocksFixture, ['--maxWorkers=4']);
    expect(output).toMatch(/Test Files\s+4 passed/);
    expect(code).toBe(0);
  }, 60_000);
});
