#!/usr/bin/env node
// The one-file bundle of the CLI and everything it runs on (contract, engine, express, pino, ws),
// built with esbuild straight from the TypeScript sources: one CommonJS file that Node 20 runs
// alone. The container image copies it, the standalone executable embeds it, and the repository's
// `start` runs it. `ws`'s optional native helpers are left out: ws falls back to plain JS.
//
//   node packages/reference-server/scripts/bundle-cli.mjs [--outfile FILE]
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where the bundle goes unless told otherwise. */
export const BUNDLE_FILE = join(packageRoot, 'dist-bundle', 'partner-assistant-server.cjs');

const repositoryRoot = join(packageRoot, '..', '..');

/** The workspace's packages by name: where each lives under `packages/`. */
function workspacePackages() {
  const folders = new Map();
  for (const entry of readdirSync(join(repositoryRoot, 'packages'), { withFileTypes: true })) {
    const manifest = join(repositoryRoot, 'packages', entry.name, 'package.json');
    if (entry.isDirectory() && existsSync(manifest))
      folders.set(JSON.parse(readFileSync(manifest, 'utf8')).name, dirname(manifest));
  }
  return folders;
}

/**
 * The folders of this package and of every workspace package it depends on (`workspace:`), at
 * any depth: what the bundle takes from its TypeScript sources.
 */
function bundledPackageFolders() {
  const folders = workspacePackages();
  const found = new Set();
  const visit = (folder) => {
    if (found.has(folder)) return;
    found.add(folder);
    const { dependencies = {} } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(dependencies)) {
      const dependency = folders.get(name);
      if (String(range).startsWith('workspace:') && dependency) visit(dependency);
    }
  };
  visit(resolve(packageRoot));
  return [...found];
}

/**
 * The sources the bundle is built from: newer ones than the bundle mean it is stale. Derived from
 * the workspace dependencies, so a package the server comes to depend on is watched too; with
 * this script and the lockfile (the versions of express, pino and ws).
 */
export const BUNDLE_SOURCES = [
  ...bundledPackageFolders().flatMap((folder) => [
    join(folder, 'src'),
    join(folder, 'package.json'),
  ]),
  fileURLToPath(import.meta.url),
  join(repositoryRoot, 'pnpm-lock.yaml'),
];

/**
 * `ws` tries `require('bufferutil')` and `require('utf-8-validate')` and falls back to plain JS
 * when they throw: in the bundle they throw at once (an external `require` would make a single
 * executable warn, as it can load built-in modules only).
 */
const withoutOptionalNativeModules = {
  name: 'without-optional-native-modules',
  setup(build) {
    build.onResolve({ filter: /^(bufferutil|utf-8-validate)$/ }, ({ path }) => ({
      path,
      namespace: 'left-out',
    }));
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, ({ path }) => ({
      contents: `throw Object.assign(new Error('${path} is left out of the bundle'), { code: 'MODULE_NOT_FOUND' });`,
      loader: 'js',
    }));
  },
};

/** The version in the package's manifest, which the bundle carries. */
export function serverVersion() {
  return JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version;
}

/**
 * Builds the bundle into `outfile` (written whole, then renamed: a concurrent start never loads
 * half a file). Resolves with its size in bytes.
 */
export async function bundleCli({ outfile = BUNDLE_FILE } = {}) {
  // esbuild is a development dependency of the repository root.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(packageRoot, 'src', 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // The workspace packages from their TypeScript sources: no per-package build needed.
    conditions: ['@partner-assistant/source'],
    plugins: [withoutOptionalNativeModules],
    define: { PARTNER_ASSISTANT_SERVER_VERSION: JSON.stringify(serverVersion()) },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'error',
    write: false,
    outfile,
  });
  const [output] = result.outputFiles;
  mkdirSync(dirname(outfile), { recursive: true });
  const partial = `${outfile}.${process.pid}.partial`;
  writeFileSync(partial, output.contents, { mode: 0o755 });
  renameSync(partial, outfile);
  return output.contents.byteLength;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
  const outfile = values.outfile ?? BUNDLE_FILE;
  const startedAt = performance.now();
  const bytes = await bundleCli({ outfile });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const size = (bytes / 1024 / 1024).toFixed(1);
  process.stderr.write(
    `Bundled ${relative(process.cwd(), outfile)} (${size} MB) in ${seconds} s\n`,
  );
}
