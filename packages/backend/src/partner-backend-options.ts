import type { PartnerLogger, TransportOptions } from '@partner-assistant/sdk-core';
import { TRANSPORT_DEFAULTS } from '@partner-assistant/sdk-core';
import type { TokenCacheOptions } from './internal/token-cache.ts';

/** Receives the SDK's diagnostic lines; they never contain the secret, a token or a user id. */
export type PartnerBackendLogger = PartnerLogger;

/**
 * Options of `new PartnerBackend(...)`. Retries, timeouts, `fetch`, `sleep`, `now` and `logger`
 * are the {@link TransportOptions} both SDKs share.
 */
export interface PartnerBackendOptions extends TransportOptions {
  /**
   * Base URL of the API, without the `/api/partners/v1` prefix. Must not carry credentials.
   * @example 'https://assistant.example.com'
   */
  baseUrl: string;
  /**
   * Client id of your application.
   * @example process.env.PARTNER_ASSISTANT_CLIENT_ID
   */
  clientId: string;
  /**
   * Client secret of your application. Read it from the environment or a secret manager, never
   * from source code; the SDK keeps it out of errors, logs and `JSON.stringify`/`util.inspect`.
   * @example process.env.PARTNER_ASSISTANT_CLIENT_SECRET
   */
  clientSecret: string;
  /**
   * Reuse still-valid tokens per external user id and share concurrent issuances. `true` uses
   * the default options. Erasing a user drops its token.
   * @default false
   * @example { safetyMarginMs: 120_000 }
   */
  tokenCache?: boolean | TokenCacheOptions;
  /**
   * Check inputs before sending them. Turn off only to let the server judge them (tests).
   * @default true
   * @example false
   */
  validateInput?: boolean;
  /**
   * Lets the SDK run where `window`/`document` exist or in React Native. Anyone using such an app
   * can read the client secret: leave this off unless the runtime really is a server.
   * @default false
   * @example true // a server-side test under jsdom
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Defaults of the optional {@link PartnerBackendOptions}. */
export const PARTNER_BACKEND_DEFAULTS = {
  ...TRANSPORT_DEFAULTS,
  tokenCache: false,
  validateInput: true,
  dangerouslyAllowBrowser: false,
} as const satisfies Partial<PartnerBackendOptions>;
