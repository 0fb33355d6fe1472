import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient, type WebSocketConstructor } from '@partner-assistant/client';

/** Where the demo finds the API and which application it uses. */
export interface DemoClientOptions {
  /** The API's origin, e.g. the reference server's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** A sandbox application of the server (the reference server's demo: `demo-sandbox`). */
  clientId: string;
  /** Its secret. Only this demo holds one: a real app never sees it (see the README). */
  clientSecret: string;
  /**
   * The external user id the tokens are issued for.
   * @default 'terminal-user'
   */
  externalUserId?: string;
  /** A WebSocket constructor; by default the global one, else `ws` on Node 20. */
  WebSocket?: WebSocketConstructor;
}

/**
 * The client SDK with a token provider. Here the tokens come straight from the backend SDK so
 * the demo runs alone; a real app asks its own backend's token broker instead, sending the token
 * the API refused (`reason: 'refused'`, after an API restart) in the `X-Refused-Token` header.
 */
export function createDemoClient(options: DemoClientOptions): PartnerAssistantClient {
  const backend = new PartnerBackend({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    tokenCache: true,
  });
  const externalUserId = options.externalUserId ?? 'terminal-user';
  return new PartnerAssistantClient({
    baseUrl: options.baseUrl,
    // A token the API refused is dropped from the cache and replaced, never handed out again.
    token: ({ refusedToken }) =>
      backend.issueToken({ externalUserId, locale: 'en-GB' }, { refusedToken }),
    ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
  });
}
