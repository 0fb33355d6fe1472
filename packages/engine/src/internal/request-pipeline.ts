import { HTTP_HEADERS, OPERATIONS, type OperationName } from '@partner-assistant/contract';
import { ApiError } from './api-error.ts';
import { type EngineResponse, errorResponse } from './engine-response.ts';
import { readAuthorizationHeader } from './identity/authorization-header.ts';
import { type ApplicationCaller, isUserCaller, type UserCaller } from './identity/caller.ts';
import { authenticateApplication } from './identity/tenant-directory.ts';
import { identifyRequester } from './identity/tenant-scope.ts';
import { resolveUserToken, tokenHasScope } from './identity/token-registry.ts';
import { countRequest, rateLimitHeaders } from './limits/request-rate.ts';
import { OPERATION_HANDLERS } from './operations/operation-handlers.ts';
import type { EngineServices, OperationHandler } from './operations/operation-types.ts';
import { parseOperationInput, type RequestBody } from './routing/operation-input.ts';

/** One REST request addressed to a known operation: the single entry point of every REST call. */
export interface OperationRequest {
  /** The operation. */
  operation: OperationName;
  /** Request id; a fresh UUID when omitted. */
  requestId?: string;
  /** The `Authorization` header, as sent. */
  authorization?: string | undefined;
  /** Path parameters, percent-decoded. */
  params?: Record<string, string>;
  /** Query parameters. */
  query?: Record<string, string | string[]>;
  /** The body. */
  body?: RequestBody;
}

/** Outcome of a request, for logs and the request journal. */
export interface OperationOutcome {
  /** The response. */
  response: EngineResponse;
  /** The request id. */
  requestId: string;
  /** Client id of the application the request named (authenticated, or refused), if known. */
  clientId: string | undefined;
  /** An unexpected failure behind a `500`, for the logs. */
  failure?: unknown;
}

/** Authenticates a user token: the user, its application and partner. */
export function authenticateUser(services: EngineServices, token: string | undefined): UserCaller {
  const record = token === undefined ? undefined : resolveUserToken(services.context, token);
  const application = record ? services.context.state.applications.get(record.clientId) : undefined;
  const partner = application
    ? services.context.state.partners.get(application.partnerId)
    : undefined;
  if (!record || !application || !partner) {
    throw new ApiError('unauthorized', 'Missing, invalid, expired or revoked access token', {
      headers: { 'WWW-Authenticate': 'Bearer realm="partner-assistant"' },
    });
  }
  return { application, partner, token: record };
}

function authenticate(
  services: EngineServices,
  operation: OperationName,
  header: string | undefined,
) {
  const credentials = readAuthorizationHeader(header);
  if (OPERATIONS[operation].auth === 'bearer') {
    return authenticateUser(
      services,
      credentials.scheme === 'bearer' ? credentials.token : undefined,
    );
  }
  try {
    return authenticateApplication(services.context.state, credentials);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const headers = { 'WWW-Authenticate': 'Basic realm="partner-assistant"' };
    throw new ApiError(error.code, error.message, { ...error.options, headers });
  }
}

/**
 * Runs one REST operation: first an injected fault, if a test armed one for this operation (it
 * answers before anything else, as a gateway would); then authentication (401), the request rate (429), the scope (403), input
 * validation with the contract schemas (415/422), then the operation. Every refusal becomes the
 * error envelope; an unexpected failure becomes `500 internal_error`, never a crash.
 */
export function runOperation(
  services: EngineServices,
  request: OperationRequest,
): OperationOutcome {
  const requestId = request.requestId ?? services.context.random.uuid();
  const { state } = services.context;
  const requester = () => identifyRequester(state, request.authorization);
  const injected = services.context.faults.takeInjectedError(request.operation, requester);
  if (injected) {
    const response = errorResponse(injected, requestId);
    return { response, requestId, clientId: requester()?.clientId };
  }
  let headers: Record<string, string> = {};
  let caller: ApplicationCaller | UserCaller | undefined;
  try {
    caller = authenticate(services, request.operation, request.authorization);
    const window = countRequest(services.context, caller.application);
    headers = rateLimitHeaders(window);
    if (window.exceeded) {
      throw new ApiError('rate_limit_exceeded', 'Too many requests for this application', {
        retryAfterSeconds: window.resetSeconds,
      });
    }
    const scope = OPERATIONS[request.operation].scope;
    if (scope && isUserCaller(caller) && !tokenHasScope(caller.token, scope)) {
      throw new ApiError('insufficient_scope', `This operation requires the scope ${scope}`);
    }
    const input = parseOperationInput(request.operation, {
      params: request.params ?? {},
      query: request.query ?? {},
      body: request.body ?? { kind: 'absent' },
    });
    const handler = OPERATION_HANDLERS[request.operation] as OperationHandler<OperationName>;
    const result = handler(services, caller as never, input as never);
    const response: EngineResponse = {
      status: result.status,
      headers: { ...headers, ...result.headers, [HTTP_HEADERS.requestId]: requestId },
      body: result.body,
    };
    return { response, requestId, clientId: caller.application.clientId };
  } catch (error) {
    const refusal =
      error instanceof ApiError
        ? error
        : new ApiError('internal_error', 'Unexpected server failure');
    const response = errorResponse(refusal, requestId);
    response.headers = { ...headers, ...response.headers };
    const failure = error instanceof ApiError ? undefined : error;
    return {
      response,
      requestId,
      // A refused request is still attributed to the application it named, for its tenant.
      clientId: caller?.application.clientId ?? requester()?.clientId,
      ...(failure ? { failure } : {}),
    };
  }
}
