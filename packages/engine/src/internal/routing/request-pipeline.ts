import { HTTP_HEADERS, type OperationName } from '@partner-assistant/contract';
import { ApiError } from '../errors/api-error.ts';
import { type EngineResponse, errorResponse } from '../errors/engine-response.ts';
import { admit, authenticateCaller } from '../gate/caller-gate.ts';
import type { ApplicationCaller, UserCaller } from '../identity/caller.ts';
import { identifyRequester } from '../identity/tenant-scope.ts';
import { apiRequestId } from '../ids/request-ids.ts';
import { OPERATION_HANDLERS } from '../operations/operation-handlers.ts';
import type { EngineServices, OperationHandler } from '../operations/operation-types.ts';
import { injectedError } from './injected-error.ts';
import { parseOperationInput, type RequestBody } from './operation-input.ts';

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

/**
 * Runs one REST operation: first an injected fault, if a test armed one for this operation (it
 * answers before anything else, as a gateway would, with the headers a real one carries); then the caller gate (authentication 401, the
 * request rate 429, the scope 403), input validation with the contract schemas (415/422), then the operation. Every refusal becomes the
 * error envelope; an unexpected failure becomes `500 internal_error`, never a crash.
 */
export function runOperation(
  services: EngineServices,
  request: OperationRequest,
): OperationOutcome {
  const requestId = request.requestId ?? apiRequestId(services.context.random);
  const { state } = services.context;
  const requester = () => identifyRequester(state, request.authorization);
  const injected = services.context.faults.takeInjectedError(request.operation, requester);
  if (injected) {
    const who = requester();
    const response = errorResponse(injectedError(services.context, injected, who), requestId);
    return { response, requestId, clientId: who?.clientId };
  }
  let headers: Record<string, string> = {};
  let caller: ApplicationCaller | UserCaller | undefined;
  try {
    caller = authenticateCaller(services.context, request.operation, request.authorization);
    headers = admit(services.context, caller, request.operation);
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
    if (result.json !== undefined) response.json = result.json;
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
