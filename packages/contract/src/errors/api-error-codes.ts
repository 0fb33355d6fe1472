/**
 * Every error code a REST response or a rejected WebSocket frame can carry, with its HTTP status.
 * The source of {@link API_ERROR_CODES}; alone, for code that needs only statuses (the browser
 * client turns a rejected frame's code into its status with it).
 */
export const API_ERROR_STATUSES = {
  unauthorized: 401,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  turn_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_request: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  queue_unavailable: 503,
} as const;

/** The codes for which the API allows an automatic retry: 429 and the 5xx. */
const RETRYABLE_CODES = [
  'rate_limit_exceeded',
  'internal_error',
  'queue_unavailable',
] as const satisfies readonly ApiErrorCode[];

/** One row of {@link API_ERROR_CODES}, with the literal status and retryability of `C`. */
export interface ApiErrorCodeRow<C extends ApiErrorCode = ApiErrorCode> {
  readonly status: (typeof API_ERROR_STATUSES)[C];
  readonly retryable: C extends (typeof RETRYABLE_CODES)[number] ? true : false;
}

function rowsOf(
  statuses: typeof API_ERROR_STATUSES,
  retryable: readonly ApiErrorCode[],
): { readonly [C in ApiErrorCode]: ApiErrorCodeRow<C> } {
  const rows: Partial<Record<ApiErrorCode, { status: number; retryable: boolean }>> = {};
  for (const code of Object.keys(statuses) as ApiErrorCode[]) {
    rows[code] = { status: statuses[code], retryable: retryable.includes(code) };
  }
  return rows as { readonly [C in ApiErrorCode]: ApiErrorCodeRow<C> };
}

/**
 * Every error code with its HTTP status and whether an automatic retry is allowed. Adding a code
 * without its status does not compile.
 */
export const API_ERROR_CODES = /* @__PURE__ */ rowsOf(API_ERROR_STATUSES, RETRYABLE_CODES);

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
export type ApiErrorCode = keyof typeof API_ERROR_STATUSES;

/** The error codes, in table order. */
export const API_ERROR_CODE_LIST = /* @__PURE__ */ Object.keys(
  API_ERROR_STATUSES,
) as ApiErrorCode[];

/** HTTP status of each error code. */
export function httpStatusOf(code: ApiErrorCode): number {
  return API_ERROR_STATUSES[code];
}

/** Whether the API allows an automatic retry of a request that failed with `code`. */
export function isRetryableCode(code: ApiErrorCode): boolean {
  return API_ERROR_CODES[code].retryable;
}

/** True when `value` is one of the API's error codes. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_STATUSES, value);
}
