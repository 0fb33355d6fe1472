/**
 * Every error code a REST response or a rejected WebSocket frame can carry, with its HTTP status
 * and whether an automatic retry is allowed. Adding a code without its row does not compile.
 */
export const API_ERROR_CODES = {
  unauthorized: { status: 401, retryable: false },
  insufficient_scope: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  method_not_allowed: { status: 405, retryable: false },
  idempotency_conflict: { status: 409, retryable: false },
  turn_in_progress: { status: 409, retryable: false },
  payload_too_large: { status: 413, retryable: false },
  unsupported_media_type: { status: 415, retryable: false },
  invalid_request: { status: 422, retryable: false },
  rate_limit_exceeded: { status: 429, retryable: true },
  internal_error: { status: 500, retryable: true },
  queue_unavailable: { status: 503, retryable: true },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

/**
 * What each error code means, for generated documents and error pages. Kept apart from
 * {@link API_ERROR_CODES} so that code which only needs statuses does not ship these texts.
 */
export const API_ERROR_DESCRIPTIONS: Record<ApiErrorCode, string> = {
  unauthorized: 'Credentials missing, invalid, expired or revoked.',
  insufficient_scope: 'The application or token lacks a needed scope.',
  not_found: 'Resource absent in this tenant and identity, or unknown route.',
  method_not_allowed: 'The path exists but does not support this HTTP method.',
  idempotency_conflict: '`client_message_id` reused with different content.',
  turn_in_progress: 'Deletion of a conversation or turn that has a `queued` or `running` turn.',
  payload_too_large: 'Request body larger than the maximum body size.',
  unsupported_media_type: 'A request body that is not `application/json`.',
  invalid_request: 'Invalid parameter or payload, including malformed JSON.',
  rate_limit_exceeded: 'Rate limit, concurrency limit or daily quota exceeded.',
  internal_error: 'Unexpected server failure.',
  queue_unavailable: 'The queue cannot take the message.',
};

/** A machine-readable error code of the API. */
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** The error codes, in table order. */
export const API_ERROR_CODE_LIST = /* @__PURE__ */ Object.keys(API_ERROR_CODES) as ApiErrorCode[];

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
