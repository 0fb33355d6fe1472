import { FIELD_LIMITS, type OperationName, WEBSOCKET_PATH } from '@partner-assistant/contract';
import { ApiError, invalidField, methodNotAllowed, noSuchRoute } from '../errors/api-error.ts';
import { errorResponse } from '../errors/engine-response.ts';
import type { RequestBody } from '../routing/operation-input.ts';
import type { OperationOutcome, OperationRequest } from '../routing/request-pipeline.ts';
import { matchRoute } from '../routing/route-table.ts';

/** An HTTP request as any transport (express, msw, fetch) sees it. */
export interface HttpRequestInput {
  /** HTTP method. */
  method: string;
  /** Path, percent-encoded, without the query string. */
  path: string;
  /** Query string without the leading `?` (may be empty). */
  search: string;
  /** `Authorization` header. */
  authorization?: string | undefined;
  /** `Content-Type` header. */
  contentType?: string | undefined;
  /** Body decoded as UTF-8, or `undefined` when there is none. */
  body?: string | undefined;
  /** Request id; a fresh UUID when omitted. */
  requestId?: string;
  /** What the transport found wrong reading the request (a body over 64 KiB, not UTF-8…). */
  refusal?: ApiError | undefined;
}

/** Outcome of an HTTP request, with the operation it reached (if any). */
export interface HttpOutcome extends OperationOutcome {
  /** The operation, when the route exists. */
  operation: OperationName | undefined;
}

const encoder = new TextEncoder();

/**
 * Whether `body` takes more than the limit's bytes in UTF-8. A UTF-16 unit is at most 3 bytes, so
 * a short body is under the limit without being encoded.
 */
function overLimit(body: string): boolean {
  if (body.length * 3 <= FIELD_LIMITS.maxBodyBytes) return false;
  return encoder.encode(body).length > FIELD_LIMITS.maxBodyBytes;
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/** Reads the body: absent, JSON, or refused (415 for another media type, 422 for malformed JSON). */
export function readRequestBody(
  body: string | undefined,
  contentType: string | undefined,
): RequestBody {
  if (body === undefined || body.length === 0) return { kind: 'absent' };
  if (!isJsonMediaType(contentType)) {
    const error = new ApiError(
      'unsupported_media_type',
      'The request body must be application/json',
    );
    return { kind: 'refused', error };
  }
  try {
    return { kind: 'json', value: JSON.parse(body) };
  } catch {
    return { kind: 'refused', error: invalidField('body', 'Malformed JSON') };
  }
}

/** Parses a query string; a parameter given twice keeps both values. */
export function readQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (search === '') return query;
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = query[key];
    query[key] =
      previous === undefined
        ? value
        : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

/**
 * The refusal of a plain HTTP request on the WebSocket channel's path (a handshake never gets
 * here): `GET` without the upgrade headers is an invalid handshake (422), any other method 405.
 */
function channelPathRefusal(method: string): ApiError {
  if (method.toUpperCase() === 'GET') {
    const message =
      'This path takes a WebSocket handshake (Connection: Upgrade, Upgrade: websocket)';
    return new ApiError('invalid_request', message, {
      details: [{ path: 'headers.upgrade', message: 'Upgrade must be websocket' }],
    });
  }
  return methodNotAllowed(['GET']);
}

/** Dependencies of {@link handleHttpRequest}. */
export interface HttpEntryDependencies {
  /** A fresh request id. */
  newRequestId(): string;
  /** The single operation entry point. */
  runOperation(request: OperationRequest): OperationOutcome;
}

/**
 * Routes an HTTP request to its operation: 404 for an unknown path, 405 (with `Allow`) for an
 * unsupported method, 413 for a body over 64 KiB, 422 or 405 on the WebSocket channel's path; everything else goes through the operation
 * pipeline, which authenticates before it judges the body.
 */
export function handleHttpRequest(
  dependencies: HttpEntryDependencies,
  input: HttpRequestInput,
): HttpOutcome {
  const requestId = input.requestId ?? dependencies.newRequestId();
  const refuse = (error: ApiError): HttpOutcome => ({
    response: errorResponse(error, requestId),
    requestId,
    clientId: undefined,
    operation: undefined,
  });
  if (input.refusal) return refuse(input.refusal);
  if (input.body !== undefined && overLimit(input.body)) {
    return refuse(
      new ApiError('payload_too_large', `The body exceeds ${FIELD_LIMITS.maxBodyBytes} bytes`),
    );
  }
  if (input.path === WEBSOCKET_PATH) return refuse(channelPathRefusal(input.method));
  const route = matchRoute(input.method, input.path);
  if (route.kind === 'not_found') return refuse(noSuchRoute(input.method, input.path));
  if (route.kind === 'method_not_allowed') return refuse(methodNotAllowed(route.allow));
  const outcome = dependencies.runOperation({
    operation: route.operation,
    requestId,
    authorization: input.authorization,
    params: route.params,
    query: readQuery(input.search),
    body: readRequestBody(input.body, input.contentType),
  });
  return { ...outcome, operation: route.operation };
}
