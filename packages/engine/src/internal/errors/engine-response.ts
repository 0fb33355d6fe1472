import { API_ERROR_CODES, type ErrorBody, HTTP_HEADERS } from '@partner-assistant/contract';
import type { ApiError } from '../errors/api-error.ts';

/** What the engine answers to one REST request; adapters write it as is. */
export interface EngineResponse {
  /** HTTP status. */
  status: number;
  /** Response headers, beside `Content-Type: application/json` which adapters always set. */
  headers: Record<string, string>;
  /** JSON body. */
  body: unknown;
  /**
   * The body already serialized, when the engine had it ready: exactly `JSON.stringify(body)`.
   * Adapters write it instead of serializing the body again; a step that changes the body (the
   * profile's filter) returns a response without it.
   */
  json?: string;
}

/** The error body (`error` of the envelope, or of `frame.rejected`) for `error`. */
export function errorBodyOf(error: ApiError, requestId: string): ErrorBody {
  return {
    code: error.code,
    message: error.message,
    retryable: API_ERROR_CODES[error.code].retryable,
    request_id: requestId,
    ...(error.options.details ? { details: error.options.details } : {}),
  };
}

/** The envelope response for `error`, with `X-Request-Id`, `Retry-After` and its own headers. */
export function errorResponse(error: ApiError, requestId: string): EngineResponse {
  const headers: Record<string, string> = {
    ...error.options.headers,
    [HTTP_HEADERS.requestId]: requestId,
  };
  if (error.options.retryAfterSeconds !== undefined) {
    headers[HTTP_HEADERS.retryAfter] = String(
      Math.max(1, Math.ceil(error.options.retryAfterSeconds)),
    );
  }
  return { status: error.status, headers, body: { error: errorBodyOf(error, requestId) } };
}
