import type { ConnectionEvents, ConnectionState } from './connection.ts';

/** Events of {@link ClientConnection}: `statechange` and `error`. */
export type ClientConnectionEvents = Pick<ConnectionEvents, 'statechange' | 'error'>;

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
  /**
   * Calls `listener` on each `type` event until the returned function is called: `statechange`
   * on every change of state; `error` with what one of your listeners (of the connection or of a
   * stream) threw, which the SDK catches, logs at `warn`, and never rethrows.
   */
  on<K extends keyof ClientConnectionEvents>(
    type: K,
    listener: (...args: ClientConnectionEvents[K]) => void,
  ): () => void;
  /** Stops calling `listener`. */
  off<K extends keyof ClientConnectionEvents>(
    type: K,
    listener: (...args: ClientConnectionEvents[K]) => void,
  ): void;
  /** Connects now instead of on first use (and again after the server refused the client). */
  connect(): void;
}
