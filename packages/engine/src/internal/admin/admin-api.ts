import type { EngineControl } from '../control/engine-control.ts';
import { ApiError, methodNotAllowed } from '../errors/api-error.ts';
import { type EngineResponse, errorResponse } from '../errors/engine-response.ts';
import { outOfBandRequestId } from '../ids/request-ids.ts';
import { adminRoute } from './admin-routes.ts';

export { ADMIN_PREFIX, type AdminRequest } from './admin-request.ts';

import type { AdminRequest } from './admin-request.ts';

/** An admin answer: a status, headers and a JSON body (an error is the API's envelope). */
export type AdminResponse = EngineResponse;

/** An admin refusal as the API's envelope, with a request id outside the API's sequence. */
function refusal(error: ApiError): AdminResponse {
  return errorResponse(error, outOfBandRequestId());
}

/** Control inputs come from the body: their paths say so. */
function fromBody(error: ApiError): ApiError {
  const details = error.options.details?.map((detail) => ({
    ...detail,
    path: detail.path ? `body.${detail.path}` : 'body',
  }));
  return new ApiError(error.code, error.message, {
    ...error.options,
    ...(details ? { details } : {}),
  });
}

/** The answer to an admin body that is not JSON (422). */
export function malformedAdminBody(): AdminResponse {
  return refusal(
    new ApiError('invalid_request', 'The admin body must be JSON', {
      details: [{ path: 'body', message: 'Malformed JSON' }],
    }),
  );
}

/**
 * Answers one admin request by calling the matching `control` function, which validates its input
 * once: JSON in, JSON out, the error envelope on failure (404 unknown path, 405 other method, 422
 * invalid input or a clock that cannot move). Transport-free: an HTTP adapter only mounts it.
 */
export function handleAdminRequest(control: EngineControl, request: AdminRequest): AdminResponse {
  const route = adminRoute(request.method, request.path);
  if (route.kind === 'not_found') return refusal(new ApiError('not_found', 'No such admin route'));
  if (route.kind === 'method_not_allowed') return refusal(methodNotAllowed(route.allow));
  try {
    const answer = route.run(control, request);
    return { status: answer.status, headers: {}, body: answer.body };
  } catch (error) {
    if (error instanceof ApiError) return refusal(fromBody(error));
    // A manual clock refusing an instant, and the like: the input is what is wrong.
    if (error instanceof Error && !(error instanceof TypeError))
      return refusal(new ApiError('invalid_request', error.message));
    throw error;
  }
}
