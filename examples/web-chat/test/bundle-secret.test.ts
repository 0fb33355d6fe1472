/**
 * The secret the development token endpoint uses never reaches the app's bundle. Apart from the
 * endpoint's tests, which run again on the spec-minimal profile: a build is the same on both.
 */
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

it('keeps the secret out of the app bundle', { timeout: 60_000 }, async () => {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    // Sources first, as the repository's tests run; an installed copy builds the same way.
    resolve: { conditions: ['@partner-assistant/source', 'module', 'browser', 'production'] },
    build: { write: false },
  })) as Rollup.RollupOutput;
  const code = output.output.map((file) => ('code' in file ? file.code : String(file.source)));
  expect(code.join('\n')).toContain('/assistant/token');
  expect(code.join('\n')).not.toContain('demo-sandbox-secret');
});
