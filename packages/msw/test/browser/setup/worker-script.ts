/**
 * Global setup of the browser tests: copies msw's worker script (`mockServiceWorker.js`, what
 * `npx msw init` writes) from the installed msw into the directory the test server serves at `/`,
 * so the script always matches the msw version the tests import.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Served at `/` in the browser tests (the browser project's `publicDir`). */
export const WORKER_PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

export default async function copyWorkerScript(): Promise<void> {
  const require = createRequire(fileURLToPath(new URL('../../../package.json', import.meta.url)));
  await mkdir(WORKER_PUBLIC_DIR, { recursive: true });
  await copyFile(
    require.resolve('msw/mockServiceWorker.js'),
    `${WORKER_PUBLIC_DIR}mockServiceWorker.js`,
  );
}
