import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStale, run, testFilesAmong } from './support/packaging.ts';
import { readmeSnippets } from './support/readme-snippets.ts';
import { publishablePackages, ROOT, type WorkspacePackage } from './support/workspace-packages.ts';

/**
 * The packages as a user gets them: built, packed with `pnpm pack`, installed with npm from the
 * tarballs into a project outside the workspace, then loaded by Node, compiled by TypeScript and
 * bundled for a browser.
 */

const manifestOf = (pkg: WorkspacePackage) =>
  JSON.parse(readFileSync(`${pkg.dir}/package.json`, 'utf8'));
const rootManifest = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
const backendManifest = JSON.parse(readFileSync(`${ROOT}packages/backend/package.json`, 'utf8'));
const aiSdkManifest = JSON.parse(readFileSync(`${ROOT}packages/ai-sdk/package.json`, 'utf8'));

let scratch: string;
let packages: WorkspacePackage[];

beforeAll(async () => {
  packages = publishablePackages();
  await buildStale(packages);
  scratch = mkdtempSync(`${tmpdir()}/partner-assistant-consumer-`);
  const tarballs = `${scratch}/tarballs`;
  mkdirSync(tarballs);
  const pnpm = `${ROOT}node_modules/pnpm/bin/pnpm.cjs`;
  const queue = [...packages];
  const packNext = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      await run(process.execPath, [pnpm, 'pack', '--pack-destination', tarballs], pkg.dir);
    }
  };
  await Promise.all([packNext(), packNext()]);
  const local: Record<string, string> = {};
  for (const file of readdirSync(tarballs)) {
    const name = packages.find(
      (pkg) => file === `${pkg.name.slice(1).replace('/', '-')}-${manifestOf(pkg).version}.tgz`,
    )?.name;
    if (name) local[name] = `file:./tarballs/${file}`;
  }
  expect(Object.keys(local).sort()).toEqual(packages.map((pkg) => pkg.name).sort());
  const consumer = {
    name: 'partner-assistant-consumer',
    private: true,
    type: 'module',
    dependencies: {
      ...local,
      express: backendManifest.devDependencies.express,
      '@types/express': backendManifest.devDependencies['@types/express'],
      '@types/node': rootManifest.devDependencies['@types/node'],
      // The AI SDK transport's README uses `useChat` (its peer `ai` comes with it).
      '@ai-sdk/react': aiSdkManifest.devDependencies['@ai-sdk/react'],
    },
    // The packages depend on each other at their version: the tarballs, never the registry.
    overrides: local,
  };
  writeFileSync(`${scratch}/package.json`, JSON.stringify(consumer, null, 2));
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    scratch,
  );
}, 240_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed packages, installed from their tarballs', () => {
  it('every package ships its README, its CHANGELOG and the version it names', () => {
    for (const pkg of packages) {
      const installed = `${scratch}/node_modules/${pkg.name}`;
      expect(existsSync(`${installed}/README.md`), `${pkg.name} README.md`).toBe(true);
      expect(existsSync(`${installed}/CHANGELOG.md`), `${pkg.name} CHANGELOG.md`).toBe(true);
      const { version } = manifestOf(pkg);
      expect(readFileSync(`${installed}/CHANGELOG.md`, 'utf8')).toContain(`## ${version}`);
    }
  });

  it('no tarball holds a test file, a test helper, a type test or a test folder', async () => {
    const tarballs = `${scratch}/tarballs`;
    const files = readdirSync(tarballs).filter((file) => file.endsWith('.tgz'));
    expect(files).toHaveLength(packages.length);
    for (const file of files) {
      const paths = (await run('tar', ['-tzf', file], tarballs)).split('\n').filter(Boolean);
      expect(paths.length, `${file} holds files`).toBeGreaterThan(0);
      expect(testFilesAmong(paths), `test files in ${file}`).toEqual([]);
    }
  });

  it('every entry point loads with import and with require in Node, with the same names', async () => {
    const specifiers = packages.flatMap((pkg) => pkg.entries.map((entry) => entry.specifier));
    writeFileSync(
      `${scratch}/load-entries.mjs`,
      `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const loaded = {};
for (const specifier of ${JSON.stringify(specifiers)}) {
  const result = (loaded[specifier] = {});
  const names = (module) => Object.keys(module).filter((name) => !['default', '__esModule', 'module.exports'].includes(name)).sort();
  try { result.esm = names(await import(specifier)); } catch (error) { result.esmError = String(error); }
  try { result.cjs = names(require(specifier)); } catch (error) { result.cjsError = String(error); }
}
process.stdout.write(JSON.stringify(loaded));
process.exit(0);
`,
    );
    const output = await run(process.execPath, ['load-entries.mjs'], scratch);
    const loaded = JSON.parse(output) as Record<
      string,
      { esm?: string[]; cjs?: string[]; esmError?: string; cjsError?: string }
    >;
    for (const specifier of specifiers) {
      const result = loaded[specifier];
      expect(result?.esmError, `import('${specifier}')`).toBeUndefined();
      expect(result?.cjsError, `require('${specifier}')`).toBeUndefined();
      expect(result?.cjs?.length, `${specifier} exports something`).toBeGreaterThan(0);
      const missingInEsm = (result?.cjs ?? []).filter((name) => !result?.esm?.includes(name));
      expect(missingInEsm, `${specifier}: names require() gives and import lacks`).toEqual([]);
    }
  });

  it.each(['node16', 'bundler'])(
    'TypeScript with moduleResolution %s compiles every README snippet',
    async (resolution) => {
      const dir = `${scratch}/snippets-${resolution}`;
      mkdirSync(dir);
      const files: string[] = [];
      for (const pkg of packages) {
        let snippets: ReturnType<typeof readmeSnippets> = [];
        try {
          snippets = readmeSnippets(pkg.dir, basename(pkg.dir));
        } catch {}
        for (const snippet of snippets) {
          writeFileSync(`${dir}/${snippet.file}`, snippet.code);
          files.push(snippet.file);
        }
      }
      // Snippets about a vitest setup name vitest's types; the test runner is not under test.
      mkdirSync(`${scratch}/node_modules/vitest`, { recursive: true });
      writeFileSync(
        `${scratch}/node_modules/vitest/package.json`,
        JSON.stringify({
          name: 'vitest',
          version: '0.0.0',
          exports: { '.': { types: './index.d.ts' }, './config': { types: './config.d.ts' } },
        }),
      );
      writeFileSync(
        `${scratch}/node_modules/vitest/index.d.ts`,
        [
          'export interface ProvidedContext {}',
          'type Hook = (fn: () => unknown) => void;',
          'export declare const beforeAll: Hook, beforeEach: Hook, afterAll: Hook, afterEach: Hook;',
          'export declare function it(name: string, fn: () => unknown): void;',
          'export declare const test: typeof it;',
          'export declare function expect(value: unknown): any;',
          '',
        ].join('\n'),
      );
      writeFileSync(
        `${scratch}/node_modules/vitest/config.d.ts`,
        'export declare function defineConfig<T>(config: T): T;\n',
      );
      const compilerOptions = {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: resolution === 'node16' ? 'node16' : 'esnext',
        moduleResolution: resolution,
        // Each snippet is a file of its own, as a reader saves it.
        moduleDetection: 'force',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      };
      writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({ compilerOptions, files }));
      const tsc = `${ROOT}node_modules/typescript/bin/tsc`;
      const output = await run(process.execPath, [tsc, '-p', dir], scratch).catch(
        (error: Error) => error.message,
      );
      expect(output, 'README snippets against the installed packages').toBe('');
    },
    60_000,
  );

  it("the client's browser bundle holds no Node built-in and no ws", async () => {
    const esbuild = createRequire(`${ROOT}packages/client/package.json`)(
      'esbuild',
    ) as typeof import('esbuild');
    writeFileSync(`${scratch}/browser-entry.js`, "export * from '@partner-assistant/client';\n");
    const result = await esbuild.build({
      absWorkingDir: scratch,
      entryPoints: ['browser-entry.js'],
      bundle: true,
      platform: 'browser',
      conditions: ['browser', 'import'],
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('@partner-assistant/client'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(ws|isomorphic-ws)\//.test(input))).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/(?:from|require\(|import\()\s*["'](?:node:|ws["'])/);
  });
});
