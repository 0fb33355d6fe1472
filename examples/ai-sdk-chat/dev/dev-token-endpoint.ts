/**
 * Development stand-in for your backend's token broker: a Vite dev-server route that issues user
 * tokens with `@partner-assistant/backend`, so the app in the browser never holds a secret. It
 * signs everyone in as one demo user, with the reference server's public demo credentials. In
 * production this route is your backend's (see the backend example).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createTokenBroker, PartnerBackend } from '@partner-assistant/backend';
import type { Plugin } from 'vite';

/** The reference server's public demo application: never a real secret. */
const DEMO_CREDENTIALS = { clientId: 'demo-sandbox', clientSecret: 'demo-sandbox-secret' };

/** A Vite plugin serving `POST /assistant/token` for the API at `baseUrl`. */
export function devTokenEndpoint({ baseUrl }: { baseUrl: string }): Plugin {
  let broker: ReturnType<typeof createTokenBroker<IncomingMessage>> | undefined;
  const handle = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (request.url !== '/assistant/token' || request.method !== 'POST') return next();
    broker ??= createTokenBroker<IncomingMessage>({
      backend: new PartnerBackend({ baseUrl, ...DEMO_CREDENTIALS, tokenCache: true }),
      getExternalUserId: () => 'ai-sdk-chat-demo-user',
      getTokenOptions: () => ({ locale: 'en-GB' }),
      onError: (error) => console.warn('[dev token endpoint] could not issue a token:', error),
    });
    broker(request).then(
      ({ status, headers, body }) => {
        response.writeHead(status, { ...headers, 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      () => response.writeHead(500).end(),
    );
  };
  return {
    name: 'partner-assistant-dev-token-endpoint',
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  };
}
