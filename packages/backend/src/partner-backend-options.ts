import type { Backoff } from './backoff.ts';
import type { TokenCacheOptions } from './internal/token-cache.ts';

/** Receives the SDK's diagnostic lines; they never contain the secret, a token or a user id. */
export interface PartnerBackendLogger {
  /** A request ended, or is about to be retried. */
  debug?(message: string, context: Record<string, unknown>): void;
  /** A request failed for good. */
  warn?(message: string, context: Record<string, unknown>): void;
}

/** Options of `new PartnerBackend(...)`. */
export interface PartnerBackendOptions {
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
   * Retries after the first attempt, for errors the API marks `retryable`, network failures and
   * timeouts. `0` turns retries off.
   * @default 2
   * @example 4
   */
  maxRetries?: number;
  /**
   * Delay before retry `attempt` when the server sent no `Retry-After`.
   * @default exponentialBackoff() // full jitter, 500 ms doubling, capped at 8 s
   * @example exponentialBackoff({ initialDelayMs: 200, maxDelayMs: 2000 })
   */
  backoff?: Backoff;
  /**
   * A `Retry-After` longer than this is not waited for: the error is thrown at once.
   * @default 60_000
   * @example 10_000
   */
  maxRetryAfterMs?: number;
  /**
   * Time allowed to each attempt, in milliseconds.
   * @default 10_000
   * @example 3000
   */
  timeoutMs?: number;
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
  /**
   * The fetch implementation (a mock in tests, an instrumented one in production).
   * @default globalThis.fetch
   * @example (input, init) => fetch(input, { ...init, keepalive: true })
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Waits between retries; must reject with the signal's reason when it is aborted.
   * @default a setTimeout-based sleep
   * @example async () => {} // no waiting in tests
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Clock in epoch milliseconds, for the token cache and `Retry-After` dates.
   * @default Date.now
   * @example () => fakeNow
   */
  now?: () => number;
  /**
   * Where diagnostic lines go.
   * @default no logging
   * @example { debug: (message, context) => pinoLogger.debug(context, message) }
   */
  logger?: PartnerBackendLogger;
}

/** Options of one call. */
export interface RequestOptions {
  /**
   * Cancels the call, including a wait between retries; the promise rejects with the signal's
   * reason.
   * @default none
   * @example AbortSignal.timeout(5000)
   */
  signal?: AbortSignal;
}

/** Defaults of the optional {@link PartnerBackendOptions}. */
export const PARTNER_BACKEND_DEFAULTS = {
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  timeoutMs: 10_000,
  tokenCache: false,
  validateInput: true,
  dangerouslyAllowBrowser: false,
} as const satisfies Partial<PartnerBackendOptions>;
