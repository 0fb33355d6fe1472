import { OPERATIONS, type OperationName } from '@partner-assistant/contract';
import type { EngineContext } from '../context/engine-context.ts';
import { ApiError } from '../errors/api-error.ts';
import { readAuthorizationHeader } from '../identity/authorization-header.ts';
import { type ApplicationCaller, isUserCaller, type UserCaller } from '../identity/caller.ts';
import { authenticateApplication } from '../identity/tenant-directory.ts';
import { resolveUserToken, tokenHasScope } from '../identity/token-registry.ts';
import { countRequest, rateLimitHeaders } from '../limits/request-rate.ts';

/**
 * The one gate every caller passes, over REST and over the channel alike: who it is
 * (authentication), how often it calls (the request rate) and what it may do (the scope its
 * operation requires in the contract's operations table). Refusals are `ApiError`s; each transport
 * turns them into its own answer (an error envelope, a `frame.rejected`, a close code).
 */

/** Authenticates a user token: the user, its application and partner (`401` otherwise). */
export function authenticateUser(context: EngineContext, token: string | undefined): UserCaller {
  const record = token === undefined ? undefined : resolveUserToken(context, token);
  const application = record ? context.state.applications.get(record.clientId) : undefined;
  const partner = application ? context.state.partners.get(application.partnerId) : undefined;
  if (!record || !application || !partner) {
    throw new ApiError('unauthorized', 'Missing, invalid, expired or revoked access token', {
      headers: { 'WWW-Authenticate': 'Bearer realm="partner-assistant"' },
    });
  }
  return { application, partner, token: record };
}

/** Authenticates the caller of `operation` the way the contract says: Basic or Bearer. */
export function authenticateCaller(
  context: EngineContext,
  operation: OperationName,
  authorization: string | undefined,
): ApplicationCaller | UserCaller {
  const credentials = readAuthorizationHeader(authorization);
  if (OPERATIONS[operation].auth === 'bearer') {
    return authenticateUser(
      context,
      credentials.scheme === 'bearer' ? credentials.token : undefined,
    );
  }
  try {
    return authenticateApplication(context.state, credentials);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const headers = { 'WWW-Authenticate': 'Basic realm="partner-assistant"' };
    throw new ApiError(error.code, error.message, { ...error.options, headers });
  }
}

/**
 * Counts one request against the application's rate window: its `RateLimit-*` headers, or
 * `429 rate_limit_exceeded` (carrying them) when the window is full.
 */
export function countAgainstRate(
  context: EngineContext,
  caller: ApplicationCaller,
): Record<string, string> {
  const window = countRequest(context, caller.application);
  const headers = rateLimitHeaders(window);
  if (window.exceeded) {
    throw new ApiError('rate_limit_exceeded', 'Too many requests for this application', {
      retryAfterSeconds: window.resetSeconds,
      headers,
    });
  }
  return headers;
}

/** `403 insufficient_scope` unless a user caller's token carries the scope `operation` requires. */
export function requireScope(
  caller: ApplicationCaller | UserCaller,
  operation: OperationName,
  headers: Record<string, string> = {},
): void {
  const scope = OPERATIONS[operation].scope;
  if (scope && isUserCaller(caller) && !tokenHasScope(caller.token, scope)) {
    throw new ApiError('insufficient_scope', `This operation requires the scope ${scope}`, {
      headers,
    });
  }
}

/** The gate of an authenticated request: the rate, then the scope. Its `RateLimit-*` headers. */
export function admit(
  context: EngineContext,
  caller: ApplicationCaller | UserCaller,
  operation: OperationName,
): Record<string, string> {
  const headers = countAgainstRate(context, caller);
  requireScope(caller, operation, headers);
  return headers;
}
