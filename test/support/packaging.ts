import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { ROOT, type WorkspacePackage } from './workspace-packages.ts';

const exec = promisify(execFile);

/** Runs a command; on failure the error names the command and carries its output. */
export async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await exec(command, args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`);
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

function oldestMtime(dir: string): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    const time = entry.isDirectory() ? oldestMtime(path) : statSync(path).mtimeMs;
    oldest = Math.min(oldest, time);
  }
  return oldest;
}

/** A package needs a build when `dist` is missing or older than any of its sources or config. */
export function needsBuild(pkg: WorkspacePackage): boolean {
  const dist = `${pkg.dir}/dist`;
  if (!existsSync(dist) || readdirSync(dist).length === 0) return true;
  const sources = Math.max(
    newestMtime(`${pkg.dir}/src`),
    statSync(`${pkg.dir}/package.json`).mtimeMs,
    existsSync(`${pkg.dir}/tsup.config.ts`) ? statSync(`${pkg.dir}/tsup.config.ts`).mtimeMs : 0,
  );
  return oldestMtime(dist) < sources;
}

/** Builds the packages whose `dist` is missing or stale, two at a time. */
export async function buildStale(packages: WorkspacePackage[]): Promise<string[]> {
  const stale = packages.filter(needsBuild);
  const tsup = `${ROOT}node_modules/tsup/dist/cli-default.js`;
  const queue = [...stale];
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      await run(process.execPath, [tsup, '--silent'], pkg.dir);
    }
  };
  await Promise.all([worker(), worker()]);
  return stale.map((pkg) => pkg.name);
}

/**
 * A path a tarball must not hold: a test (`*.test.*`), its helpers (`*.test-support.*`), a type
 * test (`*.test-d.ts`), or anything under a `test/` folder.
 */
const TEST_PATH = /(^|\/)test\/|\.test(-support|-d)?\.[^/]+$/;

/** The paths among `paths` (as packed: `src/x.ts`, or `package/src/x.ts`) that are test files. */
export function testFilesAmong(paths: readonly string[]): string[] {
  return paths.filter((path) => TEST_PATH.test(path.replace(/^package\//, '')));
}

/**
 * What `pnpm pack` would put in each publishable package's tarball, by package name: one
 * `pnpm pack --dry-run --json` over the packages (about a second; no build needed, `dist` is
 * listed when it is there).
 */
export async function packedPaths(): Promise<Record<string, string[]>> {
  const pnpm = `${ROOT}node_modules/pnpm/bin/pnpm.cjs`;
  const output = await run(
    process.execPath,
    [pnpm, '--recursive', '--filter', './packages/*', 'pack', '--dry-run', '--json'],
    ROOT,
  );
  const parsed = JSON.parse(output) as PackListing | PackListing[];
  const listings = Array.isArray(parsed) ? parsed : [parsed];
  return Object.fromEntries(
    listings.map((listing) => [listing.name, listing.files.map((file) => file.path)]),
  );
}

interface PackListing {
  name: string;
  files: { path: string }[];
}
