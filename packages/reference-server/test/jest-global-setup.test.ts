import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runCommand } from './support/run-command.ts';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const jestBin = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const project = fileURLToPath(new URL('./fixtures/jest-project/', import.meta.url));

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
    { cwd: packageRoot, env: { FORCE_COLOR: '0' } },
  );
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(code).toBe(0);
}, 60_000);
