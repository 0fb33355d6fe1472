/**
 * React Native runs the client on Hermes, which refuses some syntax other engines accept (async
 * generators, for one). Compiles the bundle Metro would build, with the `react-native` export
 * condition, using the Hermes compiler that npm's `hermes-compiler` ships.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePackage } from '../../../scripts/bundle-package.ts';

const run = promisify(execFile);
const hermesc = join(
  dirname(createRequire(import.meta.url).resolve('hermes-compiler/package.json')),
  'hermesc/linux64-bin/hermesc',
);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-hermes-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function compile(name: string, code: string) {
  const file = join(dir, `${name}.js`);
  await writeFile(file, code);
  return run(hermesc, ['-emit-binary', '-out', join(dir, `${name}.hbc`), file]).then(
    () => ({ ok: true, stderr: '' }),
    (error: { stderr?: string }) => ({ ok: false, stderr: String(error.stderr) }),
  );
}

describe.skipIf(process.platform !== 'linux' || process.arch !== 'x64')('Hermes', () => {
  it('compiles the react-native bundle of the client', async () => {
    const bundle = await bundlePackage({
      from: 'source',
      conditions: ['react-native', 'import', 'default'],
      format: 'iife',
      minify: false,
    });
    expect(bundle.inputs.some((input) => input.includes('packages/client/src/'))).toBe(true);
    const result = await compile('client', bundle.code);
    expect(result.stderr).not.toMatch(/error:/);
    expect(result.ok).toBe(true);
  });

  it('is a real check: it refuses an async generator', async () => {
    const result = await compile('async-generator', 'async function* pages() { yield 1; }');
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/async generators are unsupported/);
  });
});
