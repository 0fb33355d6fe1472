/** How the engine talks to one WebSocket connection; the ws adapter (or msw) implements it. */
export interface SocketTransport {
  /** Sends a text frame. */
  send(text: string): void;
  /** Closes the connection with a close code and a short reason. */
  close(code: number, reason: string): void;
  /**
   * Cuts the connection without a closing handshake, as a network loss (the client sees 1006).
   * Used by fault injection; without it, a drop closes with 1011.
   */
  terminate?(): void;
}

/** A WebSocket connection that has completed its handshake. */
export interface SocketOpenRequest {
  /** The sub-protocols the client requested, in order: `service.partner.v1`, then the token. */
  protocols: readonly string[];
  /** Query string of the connection URL, without `?` (a token there is refused). */
  search: string;
  /** The connection. */
  transport: SocketTransport;
}

/** The engine's side of an open connection; the adapter forwards what happens to it. */
export interface SocketSession {
  /** Engine-assigned id of the connection. */
  readonly id: string;
  /** A text frame arrived (`null` for a binary frame, which is refused). */
  receive(frame: string | null): void;
  /** The connection closed, whoever closed it. */
  closed(): void;
}

/** Sub-protocol a server adapter selects among those requested. */
export function selectSubprotocol(
  requested: readonly string[],
  expected: string,
): string | undefined {
  // Only the expected one is ever selected: echoing another offer could echo a token.
  return requested.includes(expected) ? expected : undefined;
}
