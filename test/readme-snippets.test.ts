import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
// The root has no dependency on the server: its source, as the server's own tests run it.
import { startReferenceServer } from '../packages/reference-server/src/index.ts';
import { freePort, pageProgram, printedBy, readerProject, tsx } from './support/reader-project.ts';
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

/**
 * The getting-started programs run as their pages say, in a CommonJS project: the backend's
 * token route on the reference server, then the app's chat through that route, in English; with
 * the API stopped, the route answers 503 and its log says why. On both profiles: with the minimal
 * one the API answers only what the specification shows, ids in upper case.
 */
it.each(['full', 'minimal'] as const)(
  'the getting-started programs run against the reference server (%s profile)',
  async (profile) => {
    let api = await startReferenceServer({ port: 0, profile });
    const dir = readerProject();
    writeFileSync(`${dir}/server.ts`, pageProgram('backend-developer.md', 1));
    writeFileSync(`${dir}/chat.ts`, pageProgram('app-developer.md', 2));
    const port = await freePort();
    const backend = tsx(dir, 'server.ts', {
      PARTNER_ASSISTANT_BASE_URL: api.url,
      PARTNER_ASSISTANT_CLIENT_ID: 'demo-sandbox',
      PARTNER_ASSISTANT_CLIENT_SECRET: 'demo-sandbox-secret',
      PORT: String(port),
    });
    try {
      const backendOutput = printedBy(backend);
      await expect.poll(backendOutput, { timeout: 20_000 }).toContain('Partner server on');
      const origin = `http://localhost:${port}`;
      // The page's two curl commands.
      const token = await fetch(`${origin}/assistant/token`, {
        method: 'POST',
        headers: { 'x-user': 'alice' },
      });
      expect(token.status).toBe(200);
      expect(await token.json()).toMatchObject({ token_type: 'Bearer' });

      const runChat = async () => {
        const chat = tsx(dir, 'chat.ts', {
          PARTNER_ASSISTANT_BASE_URL: api.url,
          TOKEN_ROUTE_URL: `${origin}/assistant/token`,
        });
        const printed = printedBy(chat);
        const exit = await new Promise((resolve) => chat.once('exit', resolve));
        return { code: exit, output: printed() };
      };
      const { code, output } = await runChat();
      expect(code, output).toBe(0);
      const lines = output.trim().split('\n');
      const answer = lines.find((line) =>
        /^\(\d+ characters\)$/.test(lines[lines.indexOf(line) + 1] ?? ''),
      );
      // The answer alone on its lines (labels before it), in the user's language.
      expect(answer, output).toMatch(/\bthe\b/);
      expect(answer).not.toMatch(/\b(votre|mairie|les|pour)\b/i);
      expect(answer).not.toContain('…');
      expect(output).toContain('user: How do I renew my passport?');

      // The API restarts on the same port and forgets every token: the backend's cached token is
      // refused, the program sends it back in X-Refused-Token and gets a new one.
      const apiPort = Number(new URL(api.url).port);
      await api.close();
      api = await startReferenceServer({ port: apiPort, profile });
      const afterRestart = await runChat();
      expect(afterRestart.code, afterRestart.output).toBe(0);
      expect(afterRestart.output).toContain('user: How do I renew my passport?');

      const erased = await fetch(`${origin}/account/assistant-data`, {
        method: 'DELETE',
        headers: { 'x-user': 'alice' },
      });
      expect(await erased.json()).toEqual({ deleted: true });

      // The API goes down: the app gets 503 (not 401), and the backend's log says why.
      await api.close();
      const refused = await fetch(`${origin}/assistant/token`, {
        method: 'POST',
        headers: { 'x-user': 'bob' },
      });
      expect(refused.status).toBe(503);
      await expect
        .poll(backendOutput)
        .toContain('Could not issue an assistant token: PartnerNetworkError');
    } finally {
      backend.kill('SIGTERM');
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);
