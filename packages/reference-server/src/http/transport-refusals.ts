import type { IncomingMessage } from 'node:http';
import { ApiError } from '@partner-assistant/engine/transport';

function invalidHeader(header: string, message: string): ApiError {
  return new ApiError('invalid_request', message, {
    details: [{ path: `headers.${header}`, message }],
  });
}

/**
 * Why a request must be refused before routing, for reasons of HTTP itself, or `undefined`:
 * an HTTP/1.1 request without `Host` (RFC 9112 §3.2) is `422 invalid_request`, as every other
 * malformed request is, rather than Node's bare `400`.
 */
export function transportRefusal(request: IncomingMessage): ApiError | undefined {
  if (request.httpVersion === '1.1' && request.headers.host === undefined)
    return invalidHeader('host', 'An HTTP/1.1 request must carry a Host header');
  return undefined;
}

/** The refusal of an `Expect` value other than `100-continue` (instead of Node's bare `417`). */
export function unsupportedExpectation(): ApiError {
  return invalidHeader('expect', 'Only Expect: 100-continue is supported');
}
