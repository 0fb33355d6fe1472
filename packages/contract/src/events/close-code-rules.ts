import { CLOSE_CODES } from './close-codes.ts';

/** When a close code can be sent: right after the opening handshake, or on an open connection. */
export type ClosePhase = 'handshake' | 'open';

/** What a close code means, when the server sends it and what a client should do. */
export interface CloseCodeRule {
  /** The close code. */
  readonly code: number;
  /** The phases in which the server sends it. */
  readonly phases: readonly ClosePhase[];
  /** Why the server closes with it. */
  readonly when: string;
  /** What the client does next. */
  readonly action: string;
  /** Whether reconnecting (with backoff) can succeed without changing anything. */
  readonly reconnect: boolean;
}

/**
 * Every close code of the channel with the phase it belongs to. Authentication, scope and rate
 * are judged once, when the socket opens (4401, 4403, 4429 right after the handshake). After that,
 * a frame the server refuses (over the rate, without the scope it needs, invalid) gets a
 * `frame.rejected` event and the socket stays open; only an expired or revoked token (4401), an
 * oversize frame (1009), a shutdown (1001) or a server failure (1011) closes it.
 */
export const CLOSE_CODE_RULES: readonly CloseCodeRule[] = [
  {
    code: CLOSE_CODES.normalClosure,
    phases: ['open'],
    when: 'The client closed the connection; the server answers its close frame with the same code.',
    action: 'Nothing: the connection ended on purpose.',
    reconnect: false,
  },
  {
    code: CLOSE_CODES.goingAway,
    phases: ['open'],
    when: 'The server is shutting down or its state was reset.',
    action: 'Reconnect with backoff, then send `turn.subscribe` for each unfinished turn.',
    reconnect: true,
  },
  {
    code: CLOSE_CODES.messageTooBig,
    phases: ['open'],
    when: 'A client frame was larger than 65 536 bytes.',
    action: 'Reconnect with backoff; do not send that frame again.',
    reconnect: true,
  },
  {
    code: CLOSE_CODES.internalError,
    phases: ['open'],
    when: 'Unexpected server failure.',
    action: 'Reconnect with backoff, then send `turn.subscribe` for each unfinished turn.',
    reconnect: true,
  },
  {
    code: CLOSE_CODES.invalidRequest,
    phases: ['handshake'],
    when: 'The connection offered no sub-protocol list, `service.partner.v1` was not first, or the URL had a query string (a token in the URL is never accepted).',
    action: 'Do not reconnect as is: fix the connection request.',
    reconnect: false,
  },
  {
    code: CLOSE_CODES.unauthorized,
    phases: ['handshake', 'open'],
    when: 'The token is missing, invalid, expired or revoked: at the handshake, or later when it expires, is revoked or its user is erased.',
    action: 'Obtain a new token from the partner backend, then reconnect.',
    reconnect: false,
  },
  {
    code: CLOSE_CODES.insufficientScope,
    phases: ['handshake'],
    when: 'The token lacks `chat:read`. Only at the handshake: afterwards a frame that needs a scope the token lacks gets `frame.rejected` (`insufficient_scope`) and the socket stays open.',
    action: 'Do not reconnect with this token.',
    reconnect: false,
  },
  {
    code: CLOSE_CODES.rateLimited,
    phases: ['handshake'],
    when: 'The application is over its request rate when the socket opens. Only at the handshake: afterwards a frame over the rate gets `frame.rejected` (`rate_limit_exceeded`) and the socket stays open.',
    action: 'Reconnect after backoff.',
    reconnect: true,
  },
];
