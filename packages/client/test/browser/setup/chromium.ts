/**
 * Where the browser tests find Chromium, and what to say when there is none. The root vitest
 * config calls `resolveChromium()` once: the browser project launches what it returns, or is left
 * out with one line saying why (a failure instead under `CI=true`).
 *
 * The lookup, first match wins:
 * 1. `CHROMIUM_PATH`, then `CHROME_PATH`: an executable the user names (missing: an error).
 * 2. A system Chromium or Chrome at its usual path (`/usr/bin/chromium`, …).
 * 3. Playwright's own browser cache (`npx playwright install chromium`).
 * 4. The headless Chromium inside the npm package `@sparticuz/chromium` (a dev dependency, so
 *    a fresh clone has it), unpacked once into `node_modules/.cache` (Linux x64 only).
 *
 * `PARTNER_ASSISTANT_CHROMIUM=packaged` skips 2 and 3, to run on the packaged Chromium where a
 * system one is installed.
 */
import { existsSync } from 'node:fs';
import { unpackPackagedChromium } from './packaged-chromium.ts';

/** Set to `1` to leave the browser tests out of the run. */
export const SKIP_BROWSER_ENV = 'PARTNER_ASSISTANT_SKIP_BROWSER';

/** Set to `packaged` to use the npm package's Chromium even where a system one exists. */
export const CHROMIUM_SOURCE_ENV = 'PARTNER_ASSISTANT_CHROMIUM';

/**
 * Flags for a quiet, headless, throwaway Chromium (also as root in a container). Deliberately not
 * `@sparticuz/chromium`'s own `args`: they turn off web security and site isolation, which the
 * cross-origin tests check.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Usual install paths of Chromium and Chrome, by platform. */
export const SYSTEM_CHROMIUM_PATHS: Readonly<Record<string, readonly string[]>> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
  ],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

/** A Chromium to launch, and where it came from (for messages). */
export interface FoundChromium {
  path: string;
  source: string;
}

/** No Chromium anywhere: why, in words a reader can act on. */
export interface MissingChromium {
  path?: undefined;
  reason: string;
}

/** What the lookup reads and probes; tests replace any of it. */
export interface ChromiumLookupOptions {
  env?: NodeJS.ProcessEnv;
  platform?: string;
  exists?: (path: string) => boolean;
  /** Playwright's expected Chromium for its version (it may not be installed). */
  playwrightChromium?: () => Promise<string | undefined>;
  /** The command line, for its `--project` filters. */
  argv?: readonly string[];
  /** Unpacks the npm package's Chromium; `undefined` where the package has none for this machine. */
  packagedChromium?: () => Promise<string | undefined>;
}

/** Whether the run leaves the browser project out (`PARTNER_ASSISTANT_SKIP_BROWSER=1`). */
export function browserTestsSkipped(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[SKIP_BROWSER_ENV];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

async function playwrightChromiumPath(): Promise<string | undefined> {
  const { chromium } = await import('playwright');
  return chromium.executablePath();
}

/**
 * Whether the command line leaves the browser project in: no `--project` filter, or one that
 * names it (`vitest run --project unit` needs no Chromium, so none is looked for).
 */
export function browserProjectRequested(argv: readonly string[] = process.argv): boolean {
  const filters: string[] = [];
  argv.forEach((arg, index) => {
    if (arg === '--project') filters.push(argv[index + 1] ?? '');
    else if (arg.startsWith('--project=')) filters.push(arg.slice('--project='.length));
  });
  const included = filters.filter((filter) => !filter.startsWith('!'));
  if (filters.some((filter) => filter === '!browser')) return false;
  return included.length === 0 || included.some((filter) => /^browser|\*/.test(filter));
}

/** Finds a Chromium to run the browser tests in, in the order above. */
export async function findChromium(
  options: ChromiumLookupOptions = {},
): Promise<FoundChromium | MissingChromium> {
  const env = options.env ?? process.env;
  const exists = options.exists ?? existsSync;
  for (const variable of ['CHROMIUM_PATH', 'CHROME_PATH']) {
    const path = env[variable];
    if (!path) continue;
    if (!exists(path)) throw new Error(`${variable} names ${path}, which does not exist.`);
    return { path, source: variable };
  }
  if (env[CHROMIUM_SOURCE_ENV] !== 'packaged') {
    const system = SYSTEM_CHROMIUM_PATHS[options.platform ?? process.platform] ?? [];
    const path = system.find((candidate) => exists(candidate));
    if (path) return { path, source: 'system' };
    const playwright = await (options.playwrightChromium ?? playwrightChromiumPath)().catch(
      () => undefined,
    );
    if (playwright && exists(playwright)) return { path: playwright, source: 'Playwright' };
  }
  const packaged = await (options.packagedChromium ?? unpackPackagedChromium)();
  if (packaged) return { path: packaged, source: '@sparticuz/chromium' };
  return {
    reason:
      `no Chromium found (CHROMIUM_PATH, CHROME_PATH, the usual system paths, Playwright's cache) ` +
      `and @sparticuz/chromium has none for ${options.platform ?? process.platform}-${process.arch}`,
  };
}

/** What to say when the browser tests cannot run: why, and how to get them back. */
export function missingChromiumMessage(missing: MissingChromium): string {
  return (
    `Browser tests cannot run: ${missing.reason}. Install Chromium or Chrome, or set CHROMIUM_PATH ` +
    `to one (\`npx playwright install chromium\` also works).`
  );
}

/**
 * The Chromium for this run, or `undefined` when the browser tests are left out: on request
 * (`PARTNER_ASSISTANT_SKIP_BROWSER=1`, silently) or for want of any Chromium (one loud line;
 * under `CI=true` an error, since a CI run must not pass without its browser tier).
 */
export async function resolveChromium(
  options: ChromiumLookupOptions = {},
): Promise<FoundChromium | undefined> {
  const env = options.env ?? process.env;
  if (browserTestsSkipped(env) || !browserProjectRequested(options.argv)) return undefined;
  const found = await findChromium(options);
  if (found.path !== undefined) return found;
  const message = missingChromiumMessage(found);
  if (env.CI && env.CI !== 'false' && env.CI !== '0') {
    throw new Error(`${message} CI fails rather than skip them.`);
  }
  console.warn(`\n⚠ ${message} Skipped now; ${SKIP_BROWSER_ENV}=1 skips them quietly.\n`);
  return undefined;
}
