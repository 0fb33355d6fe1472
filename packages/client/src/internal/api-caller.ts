import type { RequestOptions } from '@partner-assistant/sdk-core';
import { type ApiCallContext, callApi } from '@partner-assistant/sdk-core/internal';
import { ApiPromise } from '../rest/api-promise.ts';
import { check } from '../validation/request-checks.ts';
import { responseGuard } from '../validation/response-guards.ts';
import { pathOf, ROUTES, type RouteName } from './routes.ts';

/** Sends the client's requests: what every resource holds. */
export interface ApiCaller {
  /**
   * Checks a call's input: its path parameters (`ids`, UUIDs) and `input` against `shape`; does
   * nothing when the client does not validate inputs (`validateInput: false`).
   * @throws {PartnerValidationError} Listing every problem.
   */
  check: typeof check;
  /**
   * Sends `route` (its path parameter filled with `id`, then `query`) with retries and token
   * refresh, under the caller's `options`; resolves to the body, checked at the door.
   */
  call<T>(
    route: RouteName,
    options: RequestOptions | undefined,
    id?: string,
    json?: unknown,
    query?: string,
  ): ApiPromise<T>;
}

/** An {@link ApiCaller} over the shared request machinery. */
export function createApiCaller(context: ApiCallContext, validate: boolean): ApiCaller {
  return {
    check: (...args) => {
      if (validate) check(...args);
    },
    call: (route, options, id, json, query = '') =>
      new ApiPromise(
        callApi(context, {
          operation: route,
          method: ROUTES[route][0],
          path: pathOf(route, id) + query,
          json,
          schema: responseGuard(route),
          options,
        }),
      ),
  };
}
