import { type ApiCallContext, callApi } from '@partner-assistant/sdk-core/internal';
import { responseGuard } from '../validation/response-guards.ts';
import { pathOf, ROUTES, type RouteName } from './routes.ts';

/** One request of a resource: the route, its id parameter, query, body and signal. */
export interface RouteCall {
  id?: string;
  query?: string;
  json?: unknown;
  signal?: AbortSignal | undefined;
}

/** Sends the client's requests: what every resource holds. */
export interface ApiCaller {
  /** Whether inputs are checked before sending. */
  readonly validate: boolean;
  /** Sends `route` with retries and token refresh; resolves to the body, checked at the door. */
  call<T>(route: RouteName, call?: RouteCall): Promise<T>;
}

/** An {@link ApiCaller} over the shared request machinery. */
export function createApiCaller(context: ApiCallContext, validate: boolean): ApiCaller {
  return {
    validate,
    call: (route, call = {}) =>
      callApi(context, {
        operation: route,
        method: ROUTES[route][0],
        path: pathOf(route, call.id) + (call.query ?? ''),
        json: call.json,
        schema: responseGuard(route),
        signal: call.signal,
      }),
  };
}
