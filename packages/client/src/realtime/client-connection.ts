import type { ConnectionState } from './connection.ts';

/**
 * `client.connection`: the state of the client's WebSocket, for a banner or a spinner.
 * @example
 * ```ts
 * client.connection.on('statechange', (state) => setBanner(state === 'open' ? null : state));
 * ```
 */
export interface ClientConnection {
  /** `idle`, `connecting`, `open`, `reconnecting`, `suspended` or `closed`. */
  readonly state: ConnectionState;
  /** Calls `listener` on every change of state; returns the function that stops it. */
  on(type: 'statechange', listener: (state: ConnectionState) => void): () => void;
  /** Stops calling `listener`. */
  off(type: 'statechange', listener: (state: ConnectionState) => void): void;
  /** Connects now instead of on first use (and again after the server refused the client). */
  connect(): void;
}
