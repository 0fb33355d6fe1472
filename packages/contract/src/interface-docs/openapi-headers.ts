import { HTTP_HEADERS } from '../constants/http-headers.ts';
import { ABSENT_HEADER_RULES } from '../promises/decision-fallbacks.ts';
import { DECISION_MARK, DECISION_NOTE } from './promised-schemas.ts';
import type { JsonSchema } from './schema-components.ts';

/**
 * A header only our decisions add: never required (a deployment that keeps the specification may
 * not send it), marked, and described with what a client does without it.
 */
function decisionHeader(name: string, description: string, schema: JsonSchema): JsonSchema {
  return {
    description: `${description} ${DECISION_NOTE} When absent: ${ABSENT_HEADER_RULES[name]}`,
    [DECISION_MARK]: true,
    schema,
  };
}

/** Reusable OpenAPI header definitions (`components.headers`). */
export const OPENAPI_HEADERS: Record<string, JsonSchema> = {
  RequestId: decisionHeader(
    HTTP_HEADERS.requestId,
    'Identifier of the request, to quote to support; equals `error.request_id` on errors. The reference server sends it on every response.',
    { type: 'string', format: 'uuid' },
  ),
  RetryAfter: decisionHeader(
    HTTP_HEADERS.retryAfter,
    'Seconds to wait before retrying (RFC 9110). The reference server sends it on every 429 and 503.',
    { type: 'integer', minimum: 1 },
  ),
  RateLimitLimit: decisionHeader(
    HTTP_HEADERS.rateLimitLimit,
    'Requests allowed per one-minute window for the application.',
    { type: 'integer', minimum: 0 },
  ),
  RateLimitRemaining: decisionHeader(
    HTTP_HEADERS.rateLimitRemaining,
    'Requests left in the current window.',
    { type: 'integer', minimum: 0 },
  ),
  RateLimitReset: decisionHeader(
    HTTP_HEADERS.rateLimitReset,
    'Seconds until the current window resets.',
    { type: 'integer', minimum: 0 },
  ),
  IdempotentReplayed: decisionHeader(
    HTTP_HEADERS.idempotentReplayed,
    'Sent only when this response replays an earlier identical submission, and then `true`; absent on a first submission.',
    { type: 'string', enum: ['true'] },
  ),
  WwwAuthenticate: {
    description: 'The authentication scheme to use: `Basic` or `Bearer` (RFC 9110).',
    required: true,
    schema: { type: 'string' },
  },
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/headers/${name}` });

/**
 * `RateLimit-*` headers: the reference server sends them on every answer to an authenticated
 * request, success or error (the request was counted), and on an injected error that names an
 * application; never when authentication failed (401) or the request was refused before it
 * reached the API (a malformed request line or headers, a body over 64 KiB).
 */
function rateLimitHeaders(): JsonSchema {
  return {
    'RateLimit-Limit': ref('RateLimitLimit'),
    'RateLimit-Remaining': ref('RateLimitRemaining'),
    'RateLimit-Reset': ref('RateLimitReset'),
  };
}

/** Headers of a successful response of an operation. */
export function successHeaders(operationId: string): JsonSchema {
  return {
    'X-Request-Id': ref('RequestId'),
    ...rateLimitHeaders(),
    ...(operationId === 'sendMessage' ? { 'Idempotent-Replayed': ref('IdempotentReplayed') } : {}),
  };
}

/** What an error status carries beside `X-Request-Id`: a 413 is refused before authentication. */
function gateHeaders(status: number): JsonSchema {
  if (status === 401) return { 'WWW-Authenticate': ref('WwwAuthenticate') };
  return status === 413 ? {} : rateLimitHeaders();
}

/** Headers of an error response with HTTP status `status`. */
export function errorHeaders(status: number): JsonSchema {
  return {
    'X-Request-Id': ref('RequestId'),
    ...gateHeaders(status),
    ...(status === 429 || status === 503 ? { 'Retry-After': ref('RetryAfter') } : {}),
  };
}
