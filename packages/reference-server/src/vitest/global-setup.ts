import type {
  RunningReferenceServer,
  StartReferenceServerOptions,
} from '../start-reference-server.ts';

/** Options of {@link referenceServerGlobalSetup}: those of `startReferenceServer`. */
export type ReferenceServerGlobalSetupOptions = Omit<StartReferenceServerOptions, 'logger'> & {
  /** Told about the running server (to keep its `control` in the global-setup process). */
  onStarted?: (server: RunningReferenceServer) => void;
};

/** Environment variable holding the REST base URL while the tests run. */
export const URL_ENV = 'PARTNER_ASSISTANT_URL';
/** Environment variable holding the WebSocket base URL while the tests run. */
export const WS_URL_ENV = 'PARTNER_ASSISTANT_WS_URL';

/** Keys the global setup provides to tests, and their values (URLs). */
export type ProvidedReferenceServerKey = 'partnerAssistantUrl' | 'partnerAssistantWsUrl';

/**
 * The part of vitest's `TestProject` a global setup uses. Typed structurally so that this entry
 * point needs no vitest types at build time (vitest stays an optional peer dependency).
 */
export interface GlobalSetupContext {
  /** vitest's `project.provide`: makes a value available to `inject(key)` in tests. */
  provide(key: ProvidedReferenceServerKey, value: string): void;
  /** vitest's resolved project configuration: its `env` is the project's `test.env`. */
  config?: { env?: Readonly<Record<string, string | undefined>> } | undefined;
  /** vitest itself, present when vitest runs the setup (not when a test calls it). */
  vitest?: unknown;
}

/**
 * A vitest global setup that starts one reference server for the whole run, provides its URLs
 * to tests (`inject('partnerAssistantUrl')`, `inject('partnerAssistantWsUrl')`), sets
 * `PARTNER_ASSISTANT_URL` and `PARTNER_ASSISTANT_WS_URL`, and closes it after the run. Tests run
 * in workers: they reach the server's controls over the admin API (`admin: true`).
 *
 * Without a `profile` option, `PARTNER_ASSISTANT_PROFILE` (`full` or `minimal`) picks it: from the
 * project's `test.env` first, then from the environment, so
 * `PARTNER_ASSISTANT_PROFILE=minimal npx vitest` runs the suite against a server that answers
 * only what the specification shows. A value other than `full` or `minimal` fails the run.
 *
 * @example
 * // vitest.global-setup.ts, listed in `test.globalSetup`
 * import { referenceServerGlobalSetup } from '@partner-assistant/reference-server/vitest';
 * export default referenceServerGlobalSetup({ seed: 'my-suite', admin: true });
 */
export function referenceServerGlobalSetup(
  options: ReferenceServerGlobalSetupOptions = {},
): (project: GlobalSetupContext) => Promise<() => Promise<void>> {
  return async (project) => {
    const { onStarted, ...serverOptions } = options;
    // Loaded here, in the setup's process only: test files importing this entry stay light.
    const [{ startReferenceServer }, { profileFromEnvironment }] = await Promise.all([
      import('../start-reference-server.ts'),
      import('@partner-assistant/engine/transport'),
    ]);
    // The project's `test.env` first, then the environment (as `startReferenceServer` reads it).
    let profile: StartReferenceServerOptions['profile'];
    try {
      profile =
        serverOptions.profile ??
        profileFromEnvironment(project.config?.env) ??
        profileFromEnvironment(process.env);
    } catch (error) {
      // vitest reports a failed global setup after "No test files found": the reader would look
      // for a missing test first. A wrong variable ends vitest's run with its message alone.
      if (project.vitest === undefined) throw error;
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(1);
    }
    const server = await startReferenceServer({ ...serverOptions, profile });
    project.provide('partnerAssistantUrl', server.url);
    project.provide('partnerAssistantWsUrl', server.wsUrl);
    process.env[URL_ENV] = server.url;
    process.env[WS_URL_ENV] = server.wsUrl;
    onStarted?.(server);
    return async () => {
      await server.close();
      delete process.env[URL_ENV];
      delete process.env[WS_URL_ENV];
    };
  };
}
