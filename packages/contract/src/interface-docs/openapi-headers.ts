import type { JsonSchema } from './schema-components.ts';

/** Reusable OpenAPI header definitions (`components.headers`). */
export const OPENAPI_HEADERS: Record<string, JsonSchema> = {
  RequestId: {
    description:
      'Identifier of the request, to quote to support; equals `error.request_id` on errors.',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying (RFC 9110).',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitLimit: {
    description: 'Requests allowed per one-minute window for the application.',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitRemaining: {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitReset: {
    description: 'Seconds until the current window resets.',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description:
      'Sent only when this response replays an earlier identical submission, and then `true`; absent on a first submission.',
    schema: { type: 'string', enum: ['true'] },
  },
  WwwAuthenticate: {
    description: 'The authentication scheme to use: `Basic` or `Bearer` (RFC 9110).',
    required: true,
    schema: { type: 'string' },
  },
};

/** A `$ref` cannot carry siblings: a header that is always sent here but not everywhere is inlined. */
const ref = (name: string, always = false): JsonSchema =>
  always ? { ...OPENAPI_HEADERS[name], required: true } : { $ref: `#/components/headers/${name}` };

/**
 * `RateLimit-*` headers: on every answer to an authenticated request, success or error (the
 * request was counted), and on an injected error that names an application; absent when
 * authentication failed (401) or the request was refused before it reached the API (a malformed
 * request line or headers, a body over 64 KiB).
 */
function rateLimitHeaders(always: boolean): JsonSchema {
  return {
    'RateLimit-Limit': ref('RateLimitLimit', always),
    'RateLimit-Remaining': ref('RateLimitRemaining', always),
    'RateLimit-Reset': ref('RateLimitReset', always),
  };
}

/** Headers of a successful response of an operation. */
export function successHeaders(operationId: string): JsonSchema {
  return {
    'X-Request-Id': ref('RequestId'),
    ...rateLimitHeaders(true),
    ...(operationId === 'sendMessage' ? { 'Idempotent-Replayed': ref('IdempotentReplayed') } : {}),
  };
}

/** What an error status carries beside `X-Request-Id`: a 413 is refused before authentication. */
function gateHeaders(status: number): JsonSchema {
  if (status === 401) return { 'WWW-Authenticate': ref('WwwAuthenticate') };
  return status === 413 ? {} : rateLimitHeaders(false);
}

/** Headers of an error response with HTTP status `status`. */
export function errorHeaders(status: number): JsonSchema {
  return {
    'X-Request-Id': ref('RequestId'),
    ...gateHeaders(status),
    ...(status === 429 || status === 503 ? { 'Retry-After': ref('RetryAfter') } : {}),
  };
}
