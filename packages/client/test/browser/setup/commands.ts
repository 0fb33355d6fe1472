/**
 * Custom browser commands: they run in the test runner's process with the page's playwright
 * context, and a browser test calls them through `commands` of `vitest/browser`.
 */
import type {} from '@vitest/browser-playwright';
import type { CDPSession, Page } from 'playwright';
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';
import { closeRelay, openRelay, setRelayUp } from './relay.ts';
import type { TokenRouteCalls } from './restartable-api.ts';

type RestartableApiModule = typeof import('./restartable-api.ts');

let restartableApi: Promise<RestartableApiModule> | undefined;

/**
 * `./restartable-api.ts`, loaded once through the project's module runner (as the global setup
 * is): it needs the workspace packages from their sources, which this file's loader cannot do.
 */
function restartable({ project }: BrowserCommandContext): Promise<RestartableApiModule> {
  restartableApi ??= project.import<RestartableApiModule>(
    new URL('./restartable-api.ts', import.meta.url).pathname,
  );
  return restartableApi;
}

/** One DevTools session per page, kept open: emulation ends when its session detaches. */
const devToolsSessions = new WeakMap<Page, Promise<CDPSession>>();

function devToolsSessionOf(page: Page): Promise<CDPSession> {
  let session = devToolsSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    devToolsSessions.set(page, session);
  }
  return session;
}

/** Network conditions with no throttling: only `offline` says something. */
const UNTHROTTLED = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * Cuts the page's network (`true`) or brings it back (`false`), as the operating system would:
 * new requests and sockets fail, `navigator.onLine` changes and the page receives `offline` /
 * `online` events. A socket already open stays open but carries no frame, as after a real
 * network drop; to close it as well, drop it on the server (`dropSockets` of the admin helper).
 * Bring the network back in a `finally`: the page is shared by the file's tests.
 *
 * The test runner's own channel to the page stays up (the first rule exempts its origin): the
 * whole-context `setOffline` of the browser provider would cut it too, and the run would hang.
 */
export const setOffline: BrowserCommand<[offline: boolean], void> = async ({ page }, offline) => {
  const session = await devToolsSessionOf(page);
  const runner = new URL(page.url());
  await session.send('Network.emulateNetworkConditionsByRule', {
    matchedNetworkConditions: offline
      ? [
          { urlPattern: `*://${runner.host}/*`, offline: false, ...UNTHROTTLED },
          { urlPattern: '', offline: true, ...UNTHROTTLED },
        ]
      : [],
  });
  await session.send('Network.overrideNetworkState', { offline, ...UNTHROTTLED });
};

/**
 * Starts a relay to the reference server at `target` and returns its URL: a base URL for a
 * client that a test can cut off from the API and bring back (see `./relay.ts`).
 */
export const startRelay: BrowserCommand<[target: string], string> = (_context, target) =>
  openRelay(target);

/**
 * Stops (`false`) the relay at `url`, as the API going down would: connections are refused and
 * those open are cut. `true` starts it again on the same port.
 */
export const setRelayRunning: BrowserCommand<[url: string, running: boolean], void> = (
  _context,
  url,
  running,
) => setRelayUp(url, running);

/** Stops the relay at `url` for good (in `afterAll`). */
export const stopRelay: BrowserCommand<[url: string], void> = (_context, url) => closeRelay(url);

/**
 * Starts a reference server of the test's own, with a partner's token route (token cache on,
 * `X-Refused-Token` honoured) in front of it; returns both URLs (see `./restartable-api.ts`).
 */
export const startRestartableApi: BrowserCommand<[], { apiUrl: string; tokenUrl: string }> = async (
  context,
) => (await restartable(context)).openRestartableApi();

/** Restarts the API at `apiUrl` on the same port: it forgets every token and conversation. */
export const restartApi: BrowserCommand<[apiUrl: string], void> = async (context, apiUrl) =>
  (await restartable(context)).restartApi(apiUrl);

/** How often the token route of the API at `apiUrl` was called, and with a refused token. */
export const tokenRouteCalls: BrowserCommand<[apiUrl: string], TokenRouteCalls> = async (
  context,
  apiUrl,
) => (await restartable(context)).tokenRouteCalls(apiUrl);

/** Stops the API at `apiUrl` and its token route for good. */
export const stopRestartableApi: BrowserCommand<[apiUrl: string], void> = async (context, apiUrl) =>
  (await restartable(context)).closeRestartableApi(apiUrl);

/** Every custom command, for `test.browser.commands`. */
export const browserCommands = {
  setOffline,
  startRelay,
  setRelayRunning,
  stopRelay,
  startRestartableApi,
  restartApi,
  tokenRouteCalls,
  stopRestartableApi,
};
