import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const jestBin = fileURLToPath(new URL('../node_modules/jest/bin/jest.js', import.meta.url));
const project = fileURLToPath(new URL('./fixtures/jest-project/', import.meta.url));

it('@partner-assistant/reference-server/jest serves a real jest run, a tenant per file', async () => {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@partner-assistant/source',
      jestBin,
      '--rootDir',
      project,
      '--config',
      `${project}jest.config.mjs`,
    ],
    { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(code).toBe(0);
}, 60_000);
