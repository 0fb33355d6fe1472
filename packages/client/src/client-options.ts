import type { TransportOptions } from '@partner-assistant/sdk-core';
import { TRANSPORT_DEFAULTS } from '@partner-assistant/sdk-core';
import type { ClientOutbox } from './outbox/outbox-types.ts';
import type { RealtimeOptions } from './realtime/chat-options.ts';
import type { TokenProvider } from './tokens/token-provider.ts';

/**
 * Options of `new PartnerAssistantClient(...)`. Retries, timeouts, `fetch`, `sleep`, `now` and
 * `logger` are the options both SDKs share ({@link TransportOptions}); `WebSocket`, `wsUrl`,
 * reconnection, heartbeat and lifecycle are the channel's ({@link RealtimeOptions}).
 */
export interface PartnerAssistantClientOptions extends TransportOptions, RealtimeOptions {
  /**
   * Base URL of the API, without the `/api/partners/v1` prefix (the same value as the backend
   * SDK's `baseUrl`).
   * @example 'https://assistant.example.com'
   */
  baseUrl: string;
  /**
   * The user token, or a function that gets one from your backend's token endpoint (it may return
   * the backend SDK's `Token` as is). A function is called again shortly before the token expires
   * and once after the API refuses it, with a `TokenRequest` saying why (`initial`, `expiring`,
   * `refused` with the `refusedToken`: pass it on to your token endpoint so that a backend
   * caching tokens issues a new one); a plain string is never refreshed.
   * @example async () => (await fetch('/assistant/token', { method: 'POST' })).json()
   */
  token: string | TokenProvider;
  /**
   * Longest wait for the token provider; past it the request fails with
   * `PartnerTokenProviderError` (`failure: 'timeout'`).
   * @default 10_000
   * @example 5000
   */
  tokenTimeoutMs?: number;
  /**
   * A token is refreshed this long before its `expires_at` (or halfway through a shorter lifetime),
   * so no request leaves with a token about to expire.
   * @default 30_000
   * @example 60_000
   */
  tokenRefreshMarginMs?: number;
  /**
   * Check inputs before sending them. Turn off only to let the server judge them.
   * @default true
   * @example false
   */
  validateInput?: boolean;
  /**
   * Keeps every question in a storage until the API accepted it, so that none is lost to a lost
   * network, a reload or a killed app: `createOutbox` of `@partner-assistant/client/outbox` (a
   * separate entry point: apps without it do not carry it). With it, `chat.send` writes the
   * question before anything leaves, and a client started later with the same storage sends what
   * is left, with the original `client_message_id`. One outbox per client.
   * @default undefined (questions are kept in memory only)
   * @example createOutbox({ storage: localStorage, namespace: user.id })
   */
  outbox?: ClientOutbox | undefined;
}

/** Defaults of the optional {@link PartnerAssistantClientOptions}. */
export const PARTNER_ASSISTANT_CLIENT_DEFAULTS = {
  ...TRANSPORT_DEFAULTS,
  tokenTimeoutMs: 10_000,
  tokenRefreshMarginMs: 30_000,
  validateInput: true,
} as const satisfies Partial<PartnerAssistantClientOptions>;
