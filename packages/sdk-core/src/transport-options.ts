import type { Backoff } from './retry/backoff.ts';

/** Receives the SDKs' diagnostic lines; they never contain a secret, a token or a user id. */
export interface PartnerLogger {
  /** A request ended, or is about to be retried; a connection changed state. */
  debug?(message: string, context: Record<string, unknown>): void;
  /** A request failed for good; the server sent something the SDK skipped. */
  warn?(message: string, context: Record<string, unknown>): void;
}

/** How requests are sent and retried: the options both SDKs share. */
export interface TransportOptions {
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
   * Clock in epoch milliseconds, for token lifetimes, `Retry-After` dates and (in the client) the
   * outbox's leases, which other clients sharing its storage read.
   * @default Date.now
   * @example () => fakeNow
   */
  now?: () => number;
  /**
   * Where diagnostic lines go.
   * @default no logging
   * @example { debug: (message, context) => pinoLogger.debug(context, message) }
   */
  logger?: PartnerLogger;
  /**
   * Headers sent with every REST request (a call's `headers` add to them and win). Not sent on
   * the WebSocket, whose handshake a browser does not let a page extend. `Authorization`,
   * `Content-Type` and `Accept` are the SDK's and are refused.
   * @default none
   * @example { 'X-App-Version': '4.2.0' }
   */
  defaultHeaders?: Record<string, string>;
}

/** Defaults of {@link TransportOptions}. */
export const TRANSPORT_DEFAULTS = {
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  timeoutMs: 10_000,
} as const satisfies Partial<TransportOptions>;
