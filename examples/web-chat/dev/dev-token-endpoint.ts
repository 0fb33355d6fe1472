/**
 * Development stand-in for your backend's token broker: a Vite dev-server route that issues user
 * tokens with `@partner-assistant/backend`, so the app in the browser never holds a secret.
 *
 * It signs everyone in as one demo user, with the reference server's public demo credentials. In
 * production this route is your backend's (see the backend example): the user id comes from
 * your own session, the secret from your server's environment.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createTokenBroker, PartnerBackend } from '@partner-assistant/backend';
import type { Plugin } from 'vite';
import { REFUSED_TOKEN_HEADER } from '../src/user-token.ts';

/** Options of {@link devTokenEndpoint}. */
export interface DevTokenEndpointOptions {
  /**
   * The API's base URL, or a function giving it when the first token is asked for.
   * @example 'http://127.0.0.1:4010'
   */
  baseUrl: string | (() => string);
  /**
   * Application credentials: the reference server's demo sandbox application unless given.
   * @default { clientId: 'demo-sandbox', clientSecret: 'demo-sandbox-secret' }
   */
  credentials?: { clientId: string; clientSecret: string };
  /**
   * The one demo user everyone is signed in as.
   * @default 'web-chat-demo-user'
   */
  externalUserId?: string;
  /**
   * The demo user's locale (the answers' language).
   * @default 'en-GB'
   */
  locale?: string;
  /**
   * The route the app calls.
   * @default '/assistant/token'
   */
  path?: string;
}

/** The reference server's public demo application: never a real secret. */
const DEMO_CREDENTIALS = { clientId: 'demo-sandbox', clientSecret: 'demo-sandbox-secret' };

/** A Vite plugin serving `POST /assistant/token` on the dev server (and `vite preview`). */
export function devTokenEndpoint(options: DevTokenEndpointOptions): Plugin {
  const handle = createTokenHandler(options);
  return {
    name: 'partner-assistant-dev-token-endpoint',
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  };
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

function createTokenHandler(options: DevTokenEndpointOptions): Middleware {
  const path = options.path ?? '/assistant/token';
  const externalUserId = options.externalUserId ?? 'web-chat-demo-user';
  let broker: ReturnType<typeof createTokenBroker<IncomingMessage>> | undefined;
  // Created on first use, so that a base URL known only once the server runs (tests) works.
  const brokerOnce = () => {
    broker ??= createTokenBroker<IncomingMessage>({
      backend: new PartnerBackend({
        baseUrl: typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl,
        ...(options.credentials ?? DEMO_CREDENTIALS),
        tokenCache: true,
      }),
      getExternalUserId: () => externalUserId,
      getTokenOptions: () => ({ locale: options.locale ?? 'en-GB' }),
      // The token the API refused (the app sends it after a 401 or a 4401): replaced if cached.
      getRefusedToken: (request) => headerOf(request, REFUSED_TOKEN_HEADER),
      onError: (error) => console.warn('[dev token endpoint] could not issue a token:', error),
    });
    return broker;
  };
  return (request, response, next) => {
    if (request.url !== path) return next();
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    brokerOnce()(request).then(
      ({ status, headers, body }) => {
        response.writeHead(status, { ...headers, 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        console.warn('[dev token endpoint] failed:', error);
        response.writeHead(500).end();
      },
    );
  };
}

/** The one value of header `name`, or `undefined`. */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
