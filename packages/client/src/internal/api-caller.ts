import type { RequestOptions } from '@partner-assistant/sdk-core';
import { type ApiCallContext, callApi } from '@partner-assistant/sdk-core/internal';
import { ApiPromise } from '../rest/api-promise.ts';
import { responseGuard } from '../validation/response-guards.ts';
import { pathOf, ROUTES, type RouteName } from './routes.ts';

/** Sends the client's requests: what every resource holds. */
export interface ApiCaller {
  /** Whether inputs are checked before sending. */
  readonly validate: boolean;
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
    validate,
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
