/**
 * The screen compiles against React Native's own types (its globals, no DOM), with this
 * example's tsconfig, as a mobile developer's project compiles it.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const project = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

// The repository's tests run before its packages are built: read their sources (the workspace's
// own export condition) rather than the built declarations an installed copy has.
const fromSources = ['--customConditions', '@partner-assistant/source,react-native'];

it('type-checks against react-native', { timeout: 60_000 }, async () => {
  const result = await promisify(execFile)(process.execPath, [
    tsc,
    '-p',
    project,
    ...fromSources,
    '--allowImportingTsExtensions',
  ]).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string }) => ({ ok: false, output: String(error.stdout) }),
  );
  expect(result.output).toBe('');
  expect(result.ok).toBe(true);
});
