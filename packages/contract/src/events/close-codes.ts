/**
 * WebSocket close codes the server uses. Authentication failures close the socket after the
 * handshake (rather than refusing it) because browsers cannot read an HTTP status on a refused
 * handshake; the 44xx codes mirror the HTTP statuses.
 */
export const CLOSE_CODES = {
  /** Closed on purpose (by the client, or by the server once a connection has no further use). */
  normalClosure: 1000,
  /** Server shutting down; reconnect with backoff. */
  goingAway: 1001,
  /** A frame larger than the maximum frame size. */
  messageTooBig: 1009,
  /** Unexpected server failure; reconnect with backoff. */
  internalError: 1011,
  /** `service.partner.v1` not offered, or a token placed in the URL. Do not reconnect as is. */
  invalidRequest: 4400,
  /** Token missing, invalid, expired or revoked (also when it expires or is revoked while open). */
  unauthorized: 4401,
  /** The token lacks `chat:read`. */
  insufficientScope: 4403,
  /** Too many requests from this application; reconnect after backoff. */
  rateLimited: 4429,
} as const;

/** A WebSocket close code the server uses. */
export type CloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

/** True when a client should reconnect (with backoff) after the server closed with `code`. */
export function isReconnectableClose(code: number): boolean {
  return (
    code !== CLOSE_CODES.normalClosure &&
    code !== CLOSE_CODES.invalidRequest &&
    code !== CLOSE_CODES.unauthorized &&
    code !== CLOSE_CODES.insufficientScope
  );
}
