/**
 * The getting-started pages' programs as a reader runs them: saved from the page into a project
 * as `npm init -y` leaves it, and started with `npx tsx`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { markdownSnippets } from './readme-snippets.ts';
import { ROOT } from './workspace-packages.ts';

/** The `n`th ```ts block of a getting-started page, as the reader saves it. */
export function pageProgram(page: string, block: number): string {
  const snippets = markdownSnippets(`${ROOT}docs/getting-started/${page}`, 'program');
  const snippet = snippets.find((candidate) => candidate.file === `program-${block}.ts`);
  if (!snippet) throw new Error(`${page} has no block ${block}`);
  return snippet.code;
}

/** A port nothing listens on now (the backend program takes a fixed `PORT`, as readers give it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A reader's project as `npm init -y` leaves it (CommonJS), with the packages installed: each one
 * a stand-in whose entry is the source of the entry Node picks from the published package (the
 * client's `node` one, with `ws`), and express linked as installed.
 */
export function readerProject(): string {
  const dir = mkdtempSync(`${tmpdir()}/getting-started-`);
  writeFileSync(
    `${dir}/package.json`,
    '{ "name": "reader", "version": "1.0.0", "main": "index.js" }',
  );
  const entries = {
    backend: { '.': 'src/index.ts', './express': 'src/express.ts' },
    client: { '.': 'src/index.node.ts' },
  };
  for (const [name, subpaths] of Object.entries(entries)) {
    const installed = `${dir}/node_modules/@partner-assistant/${name}`;
    mkdirSync(installed, { recursive: true });
    const exportsMap: Record<string, string> = {};
    for (const [subpath, source] of Object.entries(subpaths)) {
      const file = `${subpath === '.' ? 'index' : subpath.slice(2)}.ts`;
      writeFileSync(`${installed}/${file}`, `export * from '${ROOT}packages/${name}/${source}';\n`);
      exportsMap[subpath] = `./${file}`;
    }
    const manifest = { name: `@partner-assistant/${name}`, exports: exportsMap };
    writeFileSync(`${installed}/package.json`, JSON.stringify(manifest));
  }
  symlinkSync(
    realpathSync(`${ROOT}packages/backend/node_modules/express`),
    `${dir}/node_modules/express`,
  );
  return dir;
}

/** `npx tsx FILE` in the reader's project, on the packages' sources. */
export function tsx(dir: string, file: string, env: Record<string, string>) {
  const loader = pathToFileURL(`${ROOT}node_modules/tsx/dist/loader.mjs`).href;
  return spawn(
    process.execPath,
    ['--import', loader, '--conditions=@partner-assistant/source', file],
    {
      cwd: dir,
      env: { ...process.env, ...env },
    },
  );
}

/** What `child` printed so far, on stdout and stderr together. */
export function printedBy(child: ChildProcess): () => string {
  let printed = '';
  child.stdout?.on('data', (chunk) => (printed += chunk));
  child.stderr?.on('data', (chunk) => (printed += chunk));
  return () => printed;
}
