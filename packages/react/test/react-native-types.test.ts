/**
 * A React Native screen using the hooks must compile against React Native's own types (its own
 * globals, no DOM), as a mobile developer's project compiles it.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const project = fileURLToPath(new URL('./react-native/tsconfig.json', import.meta.url));

it('a React Native screen on the hooks type-checks against react-native', {
  timeout: 60_000,
}, async () => {
  const result = await promisify(execFile)(process.execPath, [tsc, '-p', project]).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string }) => ({ ok: false, output: String(error.stdout) }),
  );
  expect(result.output).toBe('');
  expect(result.ok).toBe(true);
});
