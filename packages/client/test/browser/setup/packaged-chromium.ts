/**
 * The headless Chromium shipped inside the npm package `@sparticuz/chromium`: a fresh machine with
 * Node and npm alone gets it from `pnpm install`. Its `executablePath()` unpacks the binary and its
 * libraries into the OS temporary folder; here it unpacks once into a staging folder of
 * `node_modules/.cache`, renamed into place when complete, so that concurrent runs and an
 * interrupted unpack never leave a half-written browser behind.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const PACKAGE = '@sparticuz/chromium';

/** The package's binaries are built for Linux on x64. */
export function packagedChromiumSupported(
  platform: string = process.platform,
  arch: string = process.arch,
): boolean {
  return platform === 'linux' && arch === 'x64';
}

function packageEntry(): { entry: string; version: string } | undefined {
  try {
    const entry = createRequire(`${ROOT}package.json`).resolve(PACKAGE);
    // The package exports no `./package.json`: its manifest sits one folder above the entry.
    const manifestUrl = new URL('../package.json', pathToFileURL(entry));
    const { version } = JSON.parse(readFileSync(manifestUrl, 'utf8')) as { version: string };
    return { entry, version };
  } catch {
    return undefined;
  }
}

/**
 * Unpacks the package's Chromium (once per version; later runs find it in place) and returns the
 * executable's path, or `undefined` where the package is absent or has no build for this machine.
 */
export async function unpackPackagedChromium(): Promise<string | undefined> {
  if (!packagedChromiumSupported()) return undefined;
  const found = packageEntry();
  if (!found) return undefined;
  const target = `${ROOT}node_modules/.cache/partner-assistant-chromium/${found.version}`;
  if (existsSync(`${target}/chromium`)) return `${target}/chromium`;
  const staging = `${target}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // In a child process: the package unpacks into `os.tmpdir()`, which TMPDIR points at staging.
  const script = `import(${JSON.stringify(pathToFileURL(found.entry).href)}).then((m) => m.default.executablePath())`;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', `await ${script}`], {
      env: { ...process.env, TMPDIR: staging, TEMP: staging, TMP: staging },
    });
    if (!existsSync(`${staging}/chromium`)) return undefined;
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another run put its copy in place first: use that one.
      if (!existsSync(`${target}/chromium`)) throw error;
    }
    return `${target}/chromium`;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
