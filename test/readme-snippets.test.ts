import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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

/** Where a third-party import resolves for a reader of these pages: its types first. */
function thirdPartyPath(specifier: string, packageDirs: readonly string[]): string | undefined {
  const parts = specifier.split('/');
  const name = (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
  const typesName = name.startsWith('@') ? name.slice(1).replace('/', '__') : name;
  for (const candidate of [`@types/${typesName}`, name]) {
    for (const packageDir of packageDirs) {
      for (let dir = packageDir; dir !== dirname(dir); dir = dirname(dir)) {
        if (existsSync(`${dir}/node_modules/${candidate}/package.json`)) {
          return `${dir}/node_modules/${candidate}`;
        }
      }
    }
  }
  return undefined;
}

/** Every getting-started page and guide. */
const GUIDES = ['docs/getting-started', 'docs/guides'].flatMap((folder) =>
  readdirSync(`${ROOT}${folder}`)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `${folder}/${file}`),
);
/**
 * The packages whose dependencies (express, react, vitest, msw, the AI SDK and assistant-ui) the
 * guides' readers install.
 */
const GUIDES_RESOLVE_FROM = ['backend', 'react', 'msw', 'reference-server', 'ai-sdk'].map(
  (name) => `${ROOT}packages/${name}`,
);
/**
 * Where a snippet is written: at the path it names (under its page's folder) when it imports a
 * file of the same page or is imported by one (`import { control } from './msw.setup'`), so the
 * import resolves as in the reader's project; under its own name otherwise.
 */
function snippetPlace(snippet: ReadmeSnippet, page: readonly ReadmeSnippet[], label: string) {
  const relative = (code: string) =>
    [...code.matchAll(/from '(\.\.?\/[^']+)'/g)].map(([, specifier = '']) => specifier);
  const importer = (other: ReadmeSnippet) =>
    other.path !== undefined &&
    relative(other.code).some(
      (specifier) =>
        join(dirname(other.path ?? ''), specifier) === snippet.path?.replace(/\.tsx?$/, ''),
    );
  if (snippet.path && (relative(snippet.code).length > 0 || page.some(importer))) {
    return `${label}/${snippet.path}`;
  }
  return snippet.file;
}

/** Blocks marked ```ts fragment are few lines of a larger program; they stay the exception. */
const MAX_FRAGMENTS = 6;

/**
 * Every ```ts and ```tsx block of every package README, getting-started page and guide compiles
 * as a reader's own file, strictly, with nothing added: a block that needs a name declares or
 * imports it. Workspace packages resolve to their sources; third-party imports (express, vitest,
 * react) as they would for that package's users. One compiler run for all of them.
 */
it('the README and guide snippets compile as a reader’s own files', async () => {
  const dir = mkdtempSync(`${tmpdir()}/readme-snippets-`);
  const files: string[] = [];
  const fragments: string[] = [];
  const paths: Record<string, string[]> = {};
  const builtins = new Set(builtinModules);
  const sources: { snippets: ReadmeSnippet[]; resolveFrom: string[]; label: string }[] = [];
  for (const pkg of publishablePackages()) {
    for (const entry of pkg.entries) paths[entry.specifier] = [entry.source];
    if (!existsSync(`${pkg.dir}/README.md`)) continue;
    const snippets = markdownSnippets(`${pkg.dir}/README.md`, basename(pkg.dir));
    sources.push({ snippets, resolveFrom: [pkg.dir], label: basename(pkg.dir) });
  }
  for (const guide of GUIDES) {
    const snippets = markdownSnippets(`${ROOT}${guide}`, basename(guide, '.md'));
    sources.push({ snippets, resolveFrom: GUIDES_RESOLVE_FROM, label: basename(guide, '.md') });
  }
  for (const { snippets, resolveFrom, label } of sources) {
    for (const snippet of snippets) {
      if (snippet.fragment) {
        fragments.push(snippet.file);
        continue;
      }
      const file = `${dir}/${snippetPlace(snippet, snippets, label)}`;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, snippet.code);
      files.push(file);
      for (const [, specifier = ''] of snippet.code.matchAll(
        /(?:from|declare module|import) '([^'.][^']*)'/g,
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
  expect(files.length).toBeGreaterThan(30);
  expect(fragments.length, `fragments: ${fragments.join(', ')}`).toBeLessThanOrEqual(MAX_FRAGMENTS);
  // The JSX runtime of the React snippets, as a React reader's project resolves it.
  const react = thirdPartyPath('react', GUIDES_RESOLVE_FROM);
  if (react) paths['react/jsx-runtime'] = [`${react}/jsx-runtime`];

  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'preserve',
    moduleResolution: 'bundler',
    // Each file is a module of its own, as in any ESM or bundled project.
    moduleDetection: 'force',
    jsx: 'react-jsx',
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
}, 120_000);
