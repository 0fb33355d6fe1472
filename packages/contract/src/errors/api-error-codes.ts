/**
 * Every error code a REST response or a rejected WebSocket frame can carry, with its HTTP status
 * and whether an automatic retry is allowed. Adding a code without its row does not compile.
 */
export const API_ERROR_CODES = {
  unauthorized: {
    status: 401,
    retryable: false,
    description: 'Credentials missing, invalid, expired or revoked.',
  },
  insufficient_scope: {
    status: 403,
    retryable: false,
    description: 'The application or token lacks a needed scope.',
  },
  not_found: {
    status: 404,
    retryable: false,
    description: 'Resource absent in this tenant and identity, or unknown route.',
  },
  method_not_allowed: {
    status: 405,
    retryable: false,
    description: 'The path exists but does not support this HTTP method.',
  },
  idempotency_conflict: {
    status: 409,
    retryable: false,
    description: '`client_message_id` reused with different content.',
  },
  turn_in_progress: {
    status: 409,
    retryable: false,
    description: 'Deletion of a conversation or turn that has a `queued` or `running` turn.',
  },
  payload_too_large: {
    status: 413,
    retryable: false,
    description: 'Request body larger than the maximum body size.',
  },
  unsupported_media_type: {
    status: 415,
    retryable: false,
    description: 'A request body that is not `application/json`.',
  },
  invalid_request: {
    status: 422,
    retryable: false,
    description: 'Invalid parameter or payload, including malformed JSON.',
  },
  rate_limit_exceeded: {
    status: 429,
    retryable: true,
    description: 'Rate limit, concurrency limit or daily quota exceeded.',
  },
  internal_error: { status: 500, retryable: true, description: 'Unexpected server failure.' },
  queue_unavailable: {
    status: 503,
    retryable: true,
    description: 'The queue cannot take the message.',
  },
} as const satisfies Record<string, { status: number; retryable: boolean; description: string }>;

/** A machine-readable error code of the API. */
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** The error codes, in table order. */
export const API_ERROR_CODE_LIST = Object.keys(API_ERROR_CODES) as ApiErrorCode[];

/** HTTP status of each error code. */
export function httpStatusOf(code: ApiErrorCode): number {
  return API_ERROR_CODES[code].status;
}

/** Whether the API allows an automatic retry of a request that failed with `code`. */
export function isRetryableCode(code: ApiErrorCode): boolean {
  return API_ERROR_CODES[code].retryable;
}

/** True when `value` is one of the API's error codes. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_CODES, value);
}
