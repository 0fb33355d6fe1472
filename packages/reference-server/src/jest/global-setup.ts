import type {
  RunningReferenceServer,
  StartReferenceServerOptions,
} from '../start-reference-server.ts';
import { URL_ENV, WS_URL_ENV } from '../vitest/global-setup.ts';

/** Options of {@link referenceServerJestSetup}: those of `startReferenceServer`. */
export type ReferenceServerJestSetupOptions = Omit<StartReferenceServerOptions, 'logger'>;

/** Where the global setup keeps the server for the teardown (jest runs both in one context). */
const RUNNING = Symbol.for('@partner-assistant/reference-server/jest');

type WithServer = typeof globalThis & { [RUNNING]?: RunningReferenceServer };

/**
 * A jest `globalSetup` that starts one reference server for the whole run and sets
 * `PARTNER_ASSISTANT_URL` and `PARTNER_ASSISTANT_WS_URL`, which every test worker inherits.
 * Pair it with {@link referenceServerJestTeardown} as `globalTeardown`. Tests reach the server's
 * controls over the admin API (`admin: true`), each file with its own tenant.
 *
 * Without a `profile` option, `PARTNER_ASSISTANT_PROFILE` (`full` or `minimal`) picks it, so
 * `PARTNER_ASSISTANT_PROFILE=minimal npx jest` runs the suite against a server that answers only
 * what the specification shows. A value other than `full` or `minimal` fails the run.
 *
 * @example
 * // jest.global-setup.mjs, listed in `globalSetup`
 * import { referenceServerJestSetup } from '@partner-assistant/reference-server/jest';
 * export default referenceServerJestSetup({ admin: true, clock: 'manual' });
 */
export function referenceServerJestSetup(
  options: ReferenceServerJestSetupOptions = {},
): () => Promise<void> {
  return async () => {
    // Loaded here, in jest's main process only: test files importing this entry stay light.
    // Without a `profile` option, `startReferenceServer` reads `PARTNER_ASSISTANT_PROFILE`.
    const { startReferenceServer } = await import('../start-reference-server.ts');
    const server = await startReferenceServer(options);
    (globalThis as WithServer)[RUNNING] = server;
    process.env[URL_ENV] = server.url;
    process.env[WS_URL_ENV] = server.wsUrl;
  };
}

/**
 * The jest `globalTeardown` matching {@link referenceServerJestSetup}: closes the server and
 * removes the two variables. Does nothing when no server was started.
 *
 * @example
 * // jest.global-teardown.mjs, listed in `globalTeardown`
 * export { referenceServerJestTeardown as default } from '@partner-assistant/reference-server/jest';
 */
export async function referenceServerJestTeardown(): Promise<void> {
  const holder = globalThis as WithServer;
  const server = holder[RUNNING];
  delete holder[RUNNING];
  delete process.env[URL_ENV];
  delete process.env[WS_URL_ENV];
  await server?.close();
}
