/**
 * A reference server of a test's own that it can restart on the same port (every token, user and
 * conversation forgotten, the demo applications kept, as a real restart does), with a partner's
 * token route in front of it: the backend SDK with its token cache, behind `createTokenBroker`
 * reading `X-Refused-Token`, open to the test page (CORS). The route counts its calls and those
 * carrying a refused token; it never keeps a token.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createTokenBroker, PartnerBackend } from '@partner-assistant/backend';
import {
  DEMO_CONFIG,
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';

/** The header in which the page sends the token the API refused. */
const REFUSED_TOKEN_HEADER = 'x-refused-token';

/** What a test learns of its token route. */
export interface TokenRouteCalls {
  /** Token requests answered. */
  calls: number;
  /** Of them, those that carried a refused token. */
  refused: number;
}

interface RestartableApi {
  api: RunningReferenceServer;
  port: number;
  route: Server;
  counts: TokenRouteCalls;
}

const apis = new Map<string, RestartableApi>();

/** The demo partners, with the default 300 ms turns rather than the demo's 1.5 s. */
const start = (port: number) =>
  startReferenceServer({ config: { partners: DEMO_CONFIG.partners }, port, host: '127.0.0.1' });

function tokenRoute(apiUrl: string, counts: TokenRouteCalls): Server {
  const broker = createTokenBroker<IncomingMessage>({
    backend: new PartnerBackend({
      baseUrl: apiUrl,
      clientId: 'demo-sandbox',
      clientSecret: 'demo-sandbox-secret',
      tokenCache: true,
    }),
    getExternalUserId: () => 'restartable-api-user',
    getTokenOptions: () => ({ locale: 'en-GB' }),
    getRefusedToken: (request) => {
      const value = request.headers[REFUSED_TOKEN_HEADER];
      return typeof value === 'string' ? value : undefined;
    },
  });
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': REFUSED_TOKEN_HEADER,
  };
  return createServer((request, response) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    counts.calls++;
    if (request.headers[REFUSED_TOKEN_HEADER]) counts.refused++;
    broker(request).then(
      ({ status, headers, body }) => {
        response.writeHead(status, { ...headers, ...cors, 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      () => response.writeHead(500, cors).end(),
    );
  });
}

/** Starts the API and its token route on free ports; returns their URLs. */
export async function openRestartableApi(): Promise<{ apiUrl: string; tokenUrl: string }> {
  const api = await start(0);
  const counts = { calls: 0, refused: 0 };
  const route = tokenRoute(api.url, counts);
  await new Promise<void>((resolve) => route.listen(0, '127.0.0.1', resolve));
  const { port } = route.address() as { port: number };
  apis.set(api.url, { api, port: Number(new URL(api.url).port), route, counts });
  return { apiUrl: api.url, tokenUrl: `http://127.0.0.1:${port}/assistant/token` };
}

function entryOf(apiUrl: string): RestartableApi {
  const entry = apis.get(apiUrl);
  if (!entry) throw new Error(`No restartable API at ${apiUrl}`);
  return entry;
}

/** Restarts the API at `apiUrl` on its port: its sockets close (1001), it forgets everything. */
export async function restartApi(apiUrl: string): Promise<void> {
  const entry = entryOf(apiUrl);
  await entry.api.close();
  entry.api = await start(entry.port);
}

/** How often the token route of the API at `apiUrl` was called. */
export const tokenRouteCalls = (apiUrl: string): TokenRouteCalls => ({ ...entryOf(apiUrl).counts });

/** Stops the API at `apiUrl` and its token route (in a `finally`). */
export async function closeRestartableApi(apiUrl: string): Promise<void> {
  const entry = apis.get(apiUrl);
  if (!entry) return;
  apis.delete(apiUrl);
  await new Promise((resolve) => entry.route.close(resolve));
  await entry.api.close();
}
