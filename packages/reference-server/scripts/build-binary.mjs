#!/usr/bin/env node
// Builds `dist-bin/partner-assistant-server`, the reference server as one executable for this
// machine's platform, which needs no Node installed: a Node single executable application (this
// Node's own binary with the one-file bundle injected, https://nodejs.org/api/single-executable-applications.html).
// Same command line as the npm package's `partner-assistant-server`.
//
//   npx -y pnpm@10 build:binary
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_FILE, bundleCli } from './bundle-cli.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(packageRoot, 'dist-bin');
const windows = process.platform === 'win32';

/** The executable this script writes. */
export const BINARY_FILE = join(
  outputDir,
  windows ? 'partner-assistant-server.exe' : 'partner-assistant-server',
);

/** postject, the tool Node's documentation names for the injection, at a pinned version. */
const POSTJECT = 'postject@1.0.0-alpha.6';
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * postject's ELF writer (LIEF) warns about the note sections of Node's own binary, nine lines on
 * Linux, and the executable works all the same (https://github.com/nodejs/postject/issues/83):
 * left out, with one line saying so.
 */
const HARMLESS_WARNING = /^warning: Can't find string offset for section name '\.note[^']*'$/;

/**
 * pnpm's own settings, which it passes on as `npm_config_*` variables: npm (running `npx`) warns
 * "Unknown env config" for each. Left out of the environment `npx` gets.
 */
const PNPM_ONLY_SETTINGS =
  /^npm_config_(verify_deps_before_run|npm_globalconfig|link_workspace_packages|_jsr_registry)$/i;

function npxEnvironment() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !PNPM_ONLY_SETTINGS.test(name)),
  );
}

/** Runs `command`; its output is printed but for the known harmless warnings, counted instead. */
function run(command, args, env = process.env) {
  const result = spawnSync(command, args, {
    stdio: ['inherit', 'pipe', 'pipe'],
    shell: windows,
    env,
    encoding: 'utf8',
  });
  let harmless = 0;
  for (const [stream, text] of [
    [process.stdout, result.stdout],
    [process.stderr, result.stderr],
  ]) {
    const lines = (text ?? '').split('\n');
    const kept = lines.filter((line) => !(HARMLESS_WARNING.test(line) && ++harmless));
    stream.write(kept.join('\n'));
  }
  if (harmless > 0) {
    process.stderr.write(
      `(${harmless} warnings of postject about the note sections of Node's binary left out: expected and harmless, nodejs/postject#83)\n`,
    );
  }
  if (result.status !== 0) {
    process.stderr.write(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})\n`,
    );
    process.exit(1);
  }
}

/** Builds the executable; resolves with its path. */
export async function buildBinary() {
  await bundleCli();
  mkdirSync(outputDir, { recursive: true });
  const blob = join(outputDir, 'sea-prep.blob');
  const config = join(outputDir, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      main: BUNDLE_FILE,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
    }),
  );
  run(process.execPath, ['--experimental-sea-config', config]);
  rmSync(BINARY_FILE, { force: true });
  copyFileSync(process.execPath, BINARY_FILE);
  chmodSync(BINARY_FILE, 0o755);
  const macos = process.platform === 'darwin';
  if (macos) run('codesign', ['--remove-signature', BINARY_FILE]);
  run(
    'npx',
    [
      '-y',
      POSTJECT,
      BINARY_FILE,
      'NODE_SEA_BLOB',
      blob,
      '--sentinel-fuse',
      SEA_FUSE,
      ...(macos ? ['--macho-segment-name', 'NODE_SEA'] : []),
    ],
    npxEnvironment(),
  );
  if (macos) run('codesign', ['--sign', '-', BINARY_FILE]);
  rmSync(blob);
  rmSync(config);
  return BINARY_FILE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const startedAt = performance.now();
  const file = await buildBinary();
  const size = (statSync(file).size / 1024 / 1024).toFixed(0);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  process.stderr.write(`Wrote ${relative(process.cwd(), file)} (${size} MB) in ${seconds} s\n`);
}
