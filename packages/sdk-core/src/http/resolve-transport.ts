import { PartnerConfigurationError } from '../errors/partner-configuration-error.ts';
import { abortableSleep } from '../retry/abortable-sleep.ts';
import { exponentialBackoff } from '../retry/backoff.ts';
import type { RetryPolicy } from '../retry/retry-loop.ts';
import { TRANSPORT_DEFAULTS, type TransportOptions } from '../transport-options.ts';
import { withRequestOptions } from './request-options.ts';

/** {@link TransportOptions} checked, with defaults applied. */
export interface ResolvedTransport {
  /** The fetch to call, looked up on every request when the option was left out. */
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => number;
  retry: RetryPolicy;
  /** Extra headers of every request, names lowercased. */
  headers: Record<string, string>;
}

/**
 * `globalThis.fetch` looked up when a request is sent, never at import or construction, so a
 * polyfill installed later (or a test's stub) is honoured.
 */
const lateGlobalFetch: typeof globalThis.fetch = (input, init) => {
  if (typeof globalThis.fetch !== 'function') {
    throw new PartnerConfigurationError('No fetch available: pass the `fetch` option');
  }
  return globalThis.fetch(input, init);
};

/** Checks the options both SDKs share and applies their defaults. */
export function resolveTransport(options: TransportOptions): ResolvedTransport {
  const { fetch = lateGlobalFetch } = options;
  if (typeof fetch !== 'function') {
    throw new PartnerConfigurationError('`fetch` must be a function');
  }
  const defaults: ResolvedTransport = {
    fetch,
    timeoutMs: TRANSPORT_DEFAULTS.timeoutMs,
    now: options.now ?? Date.now,
    headers: {},
    retry: {
      maxRetries: TRANSPORT_DEFAULTS.maxRetries,
      backoff: options.backoff ?? exponentialBackoff(),
      maxRetryAfterMs: options.maxRetryAfterMs ?? TRANSPORT_DEFAULTS.maxRetryAfterMs,
      sleep: options.sleep ?? abortableSleep,
    },
  };
  return withRequestOptions(defaults, { ...options, headers: options.defaultHeaders });
}
