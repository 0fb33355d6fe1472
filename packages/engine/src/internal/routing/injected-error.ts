import type { EngineContext } from '../context/engine-context.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Requester } from '../identity/tenant-scope.ts';
import { type RateWindowState, rateLimitHeaders, requestWindow } from '../limits/request-rate.ts';

/** `Retry-After` of an injected `503` armed without one, in seconds. */
export const INJECTED_RETRY_AFTER_SECONDS = 1;

function windowOf(context: EngineContext, requester: Requester | undefined) {
  const application = requester && context.state.applications.get(requester.clientId);
  return application ? requestWindow(context, application) : undefined;
}

function retryAfterOf(error: ApiError, window: RateWindowState | undefined): number | undefined {
  if (error.options.retryAfterSeconds !== undefined) return error.options.retryAfterSeconds;
  if (error.code === 'rate_limit_exceeded')
    return window?.resetSeconds ?? INJECTED_RETRY_AFTER_SECONDS;
  if (error.code === 'queue_unavailable') return INJECTED_RETRY_AFTER_SECONDS;
  return undefined;
}

/**
 * An injected error dressed as the engine's own: the `RateLimit-*` headers of the requester's
 * application window (read, not counted: the request never reached the API; `Remaining` is 0 on a
 * 429, as on a real one), and on a 429 or 503 armed without `Retry-After`, a default one: the
 * seconds left in the window for a 429 (1 when the request names no application), 1 for a 503.
 * A request that names no known application gets no `RateLimit-*`, as a 401 has none.
 *
 * @example injectedError(context, new ApiError('queue_unavailable', 'Busy'), requester)
 */
export function injectedError(
  context: EngineContext,
  error: ApiError,
  requester: Requester | undefined,
): ApiError {
  const window = windowOf(context, requester);
  const shown =
    window && error.code === 'rate_limit_exceeded' ? { ...window, remaining: 0 } : window;
  const retryAfterSeconds = retryAfterOf(error, window);
  return new ApiError(error.code, error.message, {
    ...error.options,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    headers: { ...(shown ? rateLimitHeaders(shown) : {}), ...error.options.headers },
  });
}
