/**
 * What the API answered besides the body: read it with `withResponse()` (client SDK), for the
 * request id to quote to support or the rate-limit headers.
 *
 * @example
 * ```ts
 * const { response } = await client.capabilities.get().withResponse();
 * console.log(response.requestId, response.headers.get('RateLimit-Remaining'));
 * ```
 */
export interface ApiResponse {
  /** HTTP status of the answer (of the last attempt, after retries). */
  status: number;
  /** Every response header, such as `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`. */
  headers: Headers;
  /** The `X-Request-Id` the server gave the request, the same as on an error's `requestId`. */
  requestId: string | undefined;
}

/**
 * A body with the answer that carried it.
 *
 * @example
 * ```ts
 * const { data, response } = await client.turns.get(turnId).withResponse();
 * ```
 */
export interface ApiResult<T> {
  /** The body, as a plain `await` gives it. */
  data: T;
  /** Status, headers and request id of the answer. */
  response: ApiResponse;
}
