import type { RequestOptions } from '@partner-assistant/sdk-core';
import { type ApiCallContext, callApi } from '@partner-assistant/sdk-core/internal';
import { ApiPromise } from '../rest/api-promise.ts';
import { responseGuard } from '../validation/response-guards.ts';
import { pathOf, ROUTES, type RouteName } from './routes.ts';

/** One request of a resource: the route, its id parameter, query, body and the caller's options. */
export interface RouteCall {
  id?: string;
  query?: string;
  json?: unknown;
  options?: RequestOptions | undefined;
}

/** Sends the client's requests: what every resource holds. */
export interface ApiCaller {
  /** Whether inputs are checked before sending. */
  readonly validate: boolean;
  /** Sends `route` with retries and token refresh; resolves to the body, checked at the door. */
  call<T>(route: RouteName, call?: RouteCall): ApiPromise<T>;
}

/** An {@link ApiCaller} over the shared request machinery. */
export function createApiCaller(context: ApiCallContext, validate: boolean): ApiCaller {
  return {
    validate,
    call: (route, call = {}) =>
      new ApiPromise(
        callApi(context, {
          operation: route,
          method: ROUTES[route][0],
          path: pathOf(route, call.id) + (call.query ?? ''),
          json: call.json,
          schema: responseGuard(route),
          options: call.options,
        }),
      ),
  };
}
