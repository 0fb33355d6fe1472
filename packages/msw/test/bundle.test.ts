/**
 * The built package carries none of the reference server's Node transports: its tsup build,
 * with the workspace packages it imports (engine, contract) bundled in to see through them,
 * holds no module of express, ws or pino, and imports nothing but msw and zod.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Options } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageBuild from '../tsup.config.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'msw-bundle-'));
  const options = packageBuild as Options;
  await build({
    ...options,
    entry: { index: join(packageDir, 'src/index.ts') },
    format: ['esm'],
    outDir,
    dts: false,
    sourcemap: false,
    metafile: true,
    silent: true,
    config: false,
    platform: 'browser',
    external: ['msw', 'zod'],
    noExternal: [/^@partner-assistant\//],
    esbuildOptions: (esbuild) => {
      esbuild.conditions = ['@partner-assistant/source'];
    },
  });
}, 60_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the built msw package', () => {
  it('holds no module of express, ws or pino', async () => {
    const metafile = (await readdir(outDir)).find((name) => name.startsWith('metafile'));
    const inputs = Object.keys(
      JSON.parse(await readFile(join(outDir, metafile ?? 'metafile-esm.json'), 'utf8')).inputs,
    );
    expect(inputs.some((input) => input.includes('packages/engine/src/'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(express|ws|pino)\//.test(input))).toEqual([]);
    expect(inputs.filter((input) => input.includes('packages/reference-server/'))).toEqual([]);
  });

  it('imports nothing but msw and zod', async () => {
    const code = await readFile(join(outDir, 'index.js'), 'utf8');
    const imported = [...code.matchAll(/(?:from|import)\s*["']([^"']+)["']/g)].map(
      (match) => match[1],
    );
    expect(new Set(imported)).toEqual(new Set(['msw', 'zod']));
  });
});
