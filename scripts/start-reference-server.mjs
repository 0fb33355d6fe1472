// The repository's `start`: the reference server's one-file bundle, built first when it is
// missing or older than its sources (those of the contract and the engine included). The build
// is one esbuild pass straight from the TypeScript sources, about a second; later starts are
// ready in a fraction of a second.
//
// The CLI runs inside this process (no child), so Ctrl-C and `kill` reach the server itself and
// it exits 0 whatever runner started it. `REFERENCE_SERVER_BUNDLE=FILE` builds and runs the bundle
// at FILE instead of `packages/reference-server/dist-bundle/` (the start's own test uses it).
import { readdirSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  BUNDLE_FILE,
  BUNDLE_SOURCES,
  bundleCli,
} from '../packages/reference-server/scripts/bundle-cli.mjs';

/** What the build takes on a busy two-core machine, rounded up: what the progress line says. */
const EXPECTED_SECONDS = 2;
const bundle = process.env.REFERENCE_SERVER_BUNDLE || BUNDLE_FILE;

/** The newest modification time under `path` (a file or a folder), tests left out. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat || /\.test(-d)?\.tsx?$/.test(path)) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(`${path}/${entry}`));
  return latest;
}

const builtAt = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
if (builtAt === undefined || Math.max(...BUNDLE_SOURCES.map(newest)) > builtAt) {
  const why = builtAt === undefined ? 'first run' : 'sources changed';
  process.stderr.write(
    `Building the reference server (${why}, about ${EXPECTED_SECONDS} s): one esbuild bundle of its sources…\n`,
  );
  const startedAt = performance.now();
  try {
    await bundleCli({ outfile: bundle });
  } catch (error) {
    process.stderr.write(
      `${error instanceof Error ? error.message : error}\nThe build failed (messages above); \`npx -y pnpm@10 build\` shows it all.\n`,
    );
    process.exit(1);
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  process.stderr.write(`Built in ${seconds} s. Starting…\n`);
}

// The CLI's hints name the command that works here: `partner-assistant-server` is not on the
// repository's PATH.
process.env.PARTNER_ASSISTANT_SERVER_COMMAND ??= 'pnpm start';
// `pnpm start -- --port 4011` passes the `--` on: the CLI skips it.
process.argv = [process.argv[0], bundle, ...process.argv.slice(2)];
await import(pathToFileURL(bundle).href);
