import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCommand } from './support/run-command.ts';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const jestBin = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const project = fileURLToPath(new URL('./fixtures/jest-project/', import.meta.url));

const bundleDir = mkdtempSync(`${tmpdir()}/reference-server-jest-`);
const entry = `${bundleDir}/jest-entry.cjs`;

// jest's workers load CommonJS without a transform: the jest entry bundled as the published
// build is, its dependencies left to resolve from the package.
beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL('../src/jest/index.ts', import.meta.url))],
    outfile: entry,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    packages: 'external',
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

it('@partner-assistant/reference-server/jest serves a real jest run, a tenant per file', async () => {
  const { code, output } = await runCommand(
    process.execPath,
    [
      '--conditions=@partner-assistant/source',
      jestBin,
      '--rootDir',
      project,
      '--config',
      `${project}jest.config.mjs`,
    ],
    { cwd: packageRoot, env: { FORCE_COLOR: '0', REFERENCE_SERVER_JEST_ENTRY: entry } },
  );
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(code).toBe(0);
}, 60_000);
