import type { ServerResponse } from 'node:http';
import { PATH_PREFIX, WEBSOCKET_PATH } from '@partner-assistant/contract';

/** Where a newcomer reads next: named by `GET /` and by the CLI's ready message. */
export const GETTING_STARTED_URL =
  'https://github.com/partner-assistant/sdk/tree/main/docs/getting-started';

/**
 * The server's own routes, outside the API: `GET /healthz` (readiness, for Playwright's
 * `webServer.url`, `wait-on`, Docker and Kubernetes probes) and `GET /` (what this is, where the
 * API and the docs are). They answer with or without `--admin`, are neither journaled nor counted
 * against any limit, and belong to the server process: the msw handlers, which run inside the
 * test process, have nothing to wait for.
 */
const SERVICE_ROUTES: Record<string, object> = {
  '/healthz': { status: 'ok' },
  '/': {
    name: 'Partner Assistant API reference server',
    api: PATH_PREFIX,
    websocket: WEBSOCKET_PATH,
    health: '/healthz',
    docs: GETTING_STARTED_URL,
  },
};

/** Answers `GET` or `HEAD` on a service route and returns true; false for any other request. */
export function answerServiceRoute(
  method: string | undefined,
  path: string,
  res: ServerResponse,
): boolean {
  const body = Object.hasOwn(SERVICE_ROUTES, path) ? SERVICE_ROUTES[path] : undefined;
  if (!body || (method !== 'GET' && method !== 'HEAD')) return false;
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(method === 'HEAD' ? undefined : text);
  return true;
}
