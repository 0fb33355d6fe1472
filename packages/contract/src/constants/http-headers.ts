/** `X-Request-Id`, on every response; on its own so a bundle can take it without the table. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** `Retry-After`, on 429 and 503 responses. */
export const RETRY_AFTER_HEADER = 'Retry-After';

/** Names of the HTTP headers the API defines (decisions recorded in `docs/reference/decisions.md`). */
export const HTTP_HEADERS = {
  /** Present on every response; equals `error.request_id` on errors. */
  requestId: REQUEST_ID_HEADER,
  /** Seconds to wait before retrying; on 429 and 503 responses (RFC 9110 §10.2.3). */
  retryAfter: RETRY_AFTER_HEADER,
  /** Requests allowed per window, on every authenticated response. */
  rateLimitLimit: 'RateLimit-Limit',
  /** Requests left in the current window, on every authenticated response. */
  rateLimitRemaining: 'RateLimit-Remaining',
  /** Seconds until the current window resets, on every authenticated response. */
  rateLimitReset: 'RateLimit-Reset',
  /** `true` when a message submission replayed an earlier identical one. */
  idempotentReplayed: 'Idempotent-Replayed',
  /** Set on deprecated operations (RFC 9745). */
  deprecation: 'Deprecation',
  /** Removal date of a deprecated operation (RFC 8594). */
  sunset: 'Sunset',
} as const;
