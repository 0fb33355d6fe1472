import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { markdownSnippets, type ReadmeSnippet } from './support/readme-snippets.ts';
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

/** The guides written as complete programs or self-standing snippets; their imports resolve here. */
const GUIDES = [
  'docs/getting-started/backend-developer.md',
  'docs/getting-started/app-developer.md',
  'docs/getting-started/ci-engineer.md',
  'docs/guides/tokens-and-security.md',
  'docs/guides/errors.md',
  'docs/guides/client.md',
  'docs/guides/testing.md',
];
const GUIDES_RESOLVE_FROM = `${ROOT}packages/backend`;

/**
 * Every ```ts block of every package README and of the getting-started pages and guides compiles
 * against the packages' sources, strictly. Their third-party imports (express, vitest) resolve as
 * they would for that package's users.
 */
it('the README and guide snippets compile against the sources', async () => {
  const dir = mkdtempSync(`${tmpdir()}/readme-snippets-`);
  const files: string[] = [];
  const paths: Record<string, string[]> = {};
  const builtins = new Set(builtinModules);
  const sources: { snippets: ReadmeSnippet[]; resolveFrom: string }[] = [];
  for (const pkg of publishablePackages()) {
    for (const entry of pkg.entries) paths[entry.specifier] = [entry.source];
    if (!existsSync(`${pkg.dir}/README.md`)) continue;
    const snippets = markdownSnippets(`${pkg.dir}/README.md`, basename(pkg.dir));
    sources.push({ snippets, resolveFrom: pkg.dir });
  }
  for (const guide of GUIDES) {
    const snippets = markdownSnippets(`${ROOT}${guide}`, basename(guide, '.md'));
    sources.push({ snippets, resolveFrom: GUIDES_RESOLVE_FROM });
  }
  for (const { snippets, resolveFrom } of sources) {
    for (const snippet of snippets) {
      writeFileSync(`${dir}/${snippet.file}`, snippet.code);
      files.push(`${dir}/${snippet.file}`);
      for (const [, specifier = ''] of snippet.code.matchAll(
        /(?:from|declare module) '([^'.][^']*)'/g,
      )) {
        if (specifier.startsWith('@partner-assistant/') || specifier.startsWith('node:')) continue;
        if (builtins.has(specifier) || paths[specifier]) continue;
        const path = thirdPartyPath(specifier, resolveFrom);
        if (!path) continue;
        // `vitest/config`: the package's folder, then the subpath inside it.
        const subpath = specifier.split('/').slice(specifier.startsWith('@') ? 2 : 1);
        paths[specifier] = [[path, ...subpath].join('/')];
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
