import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { readmeSnippets } from './support/readme-snippets.ts';
import { publishablePackages, ROOT } from './support/workspace-packages.ts';

const run = promisify(execFile);

/** The compiler's messages about snippet files, each with its continuation lines. */
function snippetErrors(output: string, dir: string): string[] {
  const messages = output.split(/\n(?=\S)/).filter((message) => message.trim() !== '');
  return messages.filter((message) => message.includes(basename(dir)));
}

/** Where a third-party import of a package's README resolves for that package: its types first. */
function thirdPartyPath(specifier: string, packageDir: string): string | undefined {
  const parts = specifier.split('/');
  const name = (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
  const typesName = name.startsWith('@') ? name.slice(1).replace('/', '__') : name;
  for (const candidate of [`@types/${typesName}`, name]) {
    for (let dir = packageDir; dir !== dirname(dir); dir = dirname(dir)) {
      if (existsSync(`${dir}/node_modules/${candidate}/package.json`)) {
        return `${dir}/node_modules/${candidate}`;
      }
    }
  }
  return undefined;
}

/**
 * Every ```ts block of every package README compiles against the packages' sources, strictly.
 * Their third-party imports (express, vitest) resolve as they would for that package's users.
 */
it('the README snippets of every package compile against the sources', async () => {
  const dir = mkdtempSync(`${tmpdir()}/readme-snippets-`);
  const files: string[] = [];
  const paths: Record<string, string[]> = {};
  const builtins = new Set(builtinModules);
  for (const pkg of publishablePackages()) {
    for (const entry of pkg.entries) paths[entry.specifier] = [entry.source];
    if (!existsSync(`${pkg.dir}/README.md`)) continue;
    for (const snippet of readmeSnippets(pkg.dir, basename(pkg.dir))) {
      writeFileSync(`${dir}/${snippet.file}`, snippet.code);
      files.push(`${dir}/${snippet.file}`);
      for (const [, specifier = ''] of snippet.code.matchAll(
        /(?:from|declare module) '([^'.][^']*)'/g,
      )) {
        if (specifier.startsWith('@partner-assistant/') || specifier.startsWith('node:')) continue;
        if (builtins.has(specifier) || paths[specifier]) continue;
        const path = thirdPartyPath(specifier, pkg.dir);
        if (path) paths[specifier] = [path];
      }
    }
  }
  expect(files.length).toBeGreaterThan(10);

  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'preserve',
    moduleResolution: 'bundler',
    customConditions: ['@partner-assistant/source'],
    allowImportingTsExtensions: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [`${ROOT}node_modules/@types`],
    paths,
  };
  writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({ compilerOptions, files }, null, 2));
  const tsc = `${ROOT}node_modules/typescript/bin/tsc`;
  const output = await run(process.execPath, [tsc, '-p', `${dir}/tsconfig.json`]).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
  rmSync(dir, { recursive: true, force: true });
  // Only the snippets are judged here; the sources have the repository's own type check.
  expect(snippetErrors(output, dir), 'a README snippet does not compile').toEqual([]);
}, 60_000);
