// The repository's `start`: the built reference server, built first when its build is missing or
// older than its sources (and those of the packages it runs on). Once built it is ready in well
// under a second; running the sources through tsx took ten.
//
// The CLI runs inside this process (no child), so Ctrl-C and `kill` reach the server itself and
// it exits 0 whatever runner started it.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['contract', 'engine', 'reference-server'];
const cli = `${root}packages/reference-server/dist/cli.js`;

/** The newest modification time under `path` (a file or a folder), tests left out. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat || /\.test(-d)?\.ts$/.test(path)) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(`${path}/${entry}`));
  return latest;
}

/** Each package's build exists and is newer than its sources and manifest. */
function buildIsCurrent() {
  return PACKAGES.every((name) => {
    const build = name === 'reference-server' ? cli : `${root}packages/${name}/dist/index.js`;
    const builtAt = statSync(build, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const sources = [`${root}packages/${name}/src`, `${root}packages/${name}/package.json`];
    return Math.max(...sources.map(newest)) <= builtAt;
  });
}

if (!buildIsCurrent()) {
  process.stderr.write('Building the reference server and the packages it runs on…\n');
  const pnpm = `${root}node_modules/pnpm/bin/pnpm.cjs`;
  const build = spawnSync(
    process.execPath,
    [pnpm, '--filter', '@partner-assistant/reference-server...', 'build'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) {
    process.stderr.write(
      'The build failed (messages above); `npx -y pnpm@10 build` shows it all.\n',
    );
    process.exit(build.status ?? 1);
  }
}

// `pnpm start -- --port 4011` passes the `--` on: the CLI skips it.
process.argv = [process.argv[0], cli, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
