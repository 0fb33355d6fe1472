import type { JsonSchema } from './schema-components.ts';

/** Reusable OpenAPI header definitions (`components.headers`). */
export const OPENAPI_HEADERS: Record<string, JsonSchema> = {
  RequestId: {
    description:
      'Identifier of the request, to quote to support; equals `error.request_id` on errors.',
    schema: { type: 'string', format: 'uuid' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying (RFC 9110).',
    schema: { type: 'integer', minimum: 0 },
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
    description: '`true` when this response replays an earlier identical submission.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Headers present on every successful authenticated response of an operation. */
export function successHeaders(operationId: string): JsonSchema {
  return {
    'X-Request-Id': { $ref: '#/components/headers/RequestId' },
    'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
    'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
    'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
    ...(operationId === 'sendMessage'
      ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } }
      : {}),
  };
}
