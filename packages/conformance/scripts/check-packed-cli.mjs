// @ts-check
/**
 * The command as a user gets it: packs this package and the contract (both built first), installs
 * the tarballs with npm into a project outside the workspace, then runs
 * `npx partner-assistant-conformance --help`, `--version` and a bad command line from there.
 * Run after `pnpm build`: `pnpm --filter @partner-assistant/conformance check:packed-cli`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';

const packageDir = resolve(import.meta.dirname, '..');
const root = resolve(packageDir, '../..');
const manifest = JSON.parse(readFileSync(`${packageDir}/package.json`, 'utf8'));
const scratch = mkdtempSync(`${tmpdir()}/conformance-packed-`);
const env = { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' };

/** @param {boolean} condition @param {string} message */
function expect(condition, message) {
  if (!condition) throw new Error(`check-packed-cli: ${message}`);
}

try {
  const pnpm = `${root}/node_modules/pnpm/bin/pnpm.cjs`;
  for (const dir of [`${root}/packages/contract`, packageDir]) {
    execFileSync(process.execPath, [pnpm, 'pack', '--pack-destination', scratch], {
      cwd: dir,
      env,
      stdio: 'ignore',
    });
  }
  const tarballs = readdirSync(scratch).filter((file) => file.endsWith('.tgz'));
  const tarball = (name) => `file:./${tarballs.find((file) => file.startsWith(name))}`;
  const local = {
    '@partner-assistant/contract': tarball('partner-assistant-contract-'),
    '@partner-assistant/conformance': tarball('partner-assistant-conformance-'),
  };
  writeFileSync(
    `${scratch}/package.json`,
    JSON.stringify({
      name: 'conformance-consumer',
      private: true,
      dependencies: local,
      overrides: local,
    }),
  );
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    {
      cwd: scratch,
      env,
      stdio: 'inherit',
    },
  );
  const npx = (/** @type {string[]} */ args) =>
    spawnSync('npx', ['--no-install', 'partner-assistant-conformance', ...args], {
      cwd: scratch,
      env,
      encoding: 'utf8',
    });
  const help = npx(['--help']);
  expect(help.status === 0, `--help exited ${help.status}: ${help.stderr}`);
  expect(
    help.stdout.startsWith('Usage: partner-assistant-conformance --base-url URL'),
    `--help printed ${help.stdout}`,
  );
  const version = npx(['--version']);
  expect(version.stdout.trim() === manifest.version, `--version printed ${version.stdout}`);
  const bad = npx(['--reporter', 'xml']);
  expect(
    bad.status === 2 && bad.stderr.includes('--reporter must be'),
    `a bad command line exited ${bad.status}`,
  );
  process.stdout.write(
    `The packed ${manifest.name}@${manifest.version} runs: --help, --version, exit 2 on bad usage.\n`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
