import {
  API_ERROR_CODES,
  type ApiErrorCode,
  type ErrorDetail,
  PATH_PREFIX,
} from '@partner-assistant/contract';

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

/** The longest part of a request's path a refusal repeats. */
const SHOWN_PATH_LENGTH = 120;

/**
 * `404 not_found` for a path no route serves, naming the method and the path (never the query,
 * where a token could be) and, when the path is not under the API's prefix or names it twice,
 * where the routes are: a client's `baseUrl` with a path of its own shows up here.
 *
 * @example
 * noSuchRoute('GET', '/v2/api/partners/v1/conversations').message
 * // 'No route for GET /v2/api/partners/v1/conversations: the API's paths start with /api/partners/v1, once (a client's baseUrl is the server's origin, such as https://assistant.example.com, without a path)'
 */
export function noSuchRoute(method: string, path: string): ApiError {
  // Printable characters only: the message may be logged as it is.
  const shown = path.replace(/[^\x21-\x7e]/g, '?');
  const cut = shown.length > SHOWN_PATH_LENGTH ? `${shown.slice(0, SHOWN_PATH_LENGTH)}…` : shown;
  const underPrefix = path === PATH_PREFIX || path.startsWith(`${PATH_PREFIX}/`);
  const prefixTwice = path.indexOf(PATH_PREFIX, 1) > 0;
  if (underPrefix && !prefixTwice)
    return new ApiError('not_found', `No route for ${method} ${cut}`);
  return new ApiError(
    'not_found',
    `No route for ${method} ${cut}: the API's paths start with ${PATH_PREFIX}, once (a client's baseUrl is the server's origin, such as https://assistant.example.com, without a path)`,
  );
}
