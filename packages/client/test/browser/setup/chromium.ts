/**
 * Where the browser tests find Chromium, and what to say when it is missing. Shared by the root
 * vitest config (launch options) and the browser project's global setup (the check).
 */
import { existsSync } from 'node:fs';

/** The system Chromium the browser tests run in (Debian/Ubuntu package `chromium`). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Set to `1` to leave the browser tests out of the run (a machine without Chromium). */
export const SKIP_BROWSER_ENV = 'PARTNER_ASSISTANT_SKIP_BROWSER';

/** Flags for a quiet, headless, throwaway Chromium (also as root in a container). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether the run leaves the browser project out (`PARTNER_ASSISTANT_SKIP_BROWSER=1`). */
export function browserTestsSkipped(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[SKIP_BROWSER_ENV];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Throws, naming what to install, when Chromium is not where the config looks for it: the
 * browser provider's own error on a missing executable says nothing about the fix.
 */
export function assertChromiumInstalled(path: string = CHROMIUM_PATH): void {
  if (existsSync(path)) return;
  throw new Error(
    `The browser tests run in Chromium, expected at ${path}, which is missing. ` +
      'Install it (Debian/Ubuntu: `apt-get install chromium`), ' +
      `or set ${SKIP_BROWSER_ENV}=1 to skip the browser tests.`,
  );
}
