import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const vitestBin = fileURLToPath(new URL('node_modules/.bin/vitest', root));

/**
 * Runs an example's own vitest suite (its setup files included) in a child process, with the
 * example's configuration read through `test/support/<example>.vitest.config.ts`.
 */
async function runExampleSuite(example: string) {
  const child = spawn(
    vitestBin,
    [
      'run',
      '--root',
      fileURLToPath(new URL(`examples/${example}/`, root)),
      '--config',
      fileURLToPath(new URL(`test/support/${example}.vitest.config.ts`, root)),
    ],
    { env: { ...process.env, CI: '', NODE_ENV: 'test', NO_COLOR: '1' } },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

it('the testing-with-reference-server example: its suite passes', async () => {
  const { code, output } = await runExampleSuite('testing-with-reference-server');
  expect(output).toMatch(/Test Files\s+2 passed/);
  expect(code, output).toBe(0);
}, 60_000);

it('the testing-with-msw example: its suite passes', async () => {
  const { code, output } = await runExampleSuite('testing-with-msw');
  expect(output).toMatch(/Test Files\s+3 passed/);
  expect(code, output).toBe(0);
}, 60_000);
