import { API_ERROR_CODES, type ApiErrorCode, type ErrorDetail } from '@partner-assistant/contract';

/** Extra fields of an {@link ApiError}. */
export interface ApiErrorOptions {
  /** Invalid fields, for `invalid_request`. */
  details?: ErrorDetail[];
  /** Seconds to wait, sent as `Retry-After` (429 and 503). */
  retryAfterSeconds?: number;
  /** Additional response headers, such as `Allow` on a 405. */
  headers?: Record<string, string>;
}

/**
 * A refusal the engine answers with the contract's error envelope. Operations throw it; the
 * single request entry point turns it into a response, so no path can leak another shape.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** Machine-readable code from {@link API_ERROR_CODES}. */
  readonly code: ApiErrorCode;
  /** HTTP status of {@link code}. */
  readonly status: number;
  /** Extra envelope fields and headers. */
  readonly options: ApiErrorOptions;

  constructor(code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = API_ERROR_CODES[code].status;
    this.options = options;
  }
}

/** Shorthand for `404 not_found` naming the missing resource. */
export function notFound(resource: string): ApiError {
  return new ApiError('not_found', `${resource} not found`);
}

/** Shorthand for `422 invalid_request` with one invalid field. */
export function invalidField(path: string, message: string): ApiError {
  return new ApiError('invalid_request', `Invalid request: ${path}: ${message}`, {
    details: [{ path, message }],
  });
}

/** Shorthand for `405 method_not_allowed` with its `Allow` header. */
export function methodNotAllowed(allow: readonly string[]): ApiError {
  const methods = allow.join(', ');
  return new ApiError('method_not_allowed', `Method not allowed; use ${methods}`, {
    headers: { Allow: methods },
  });
}
