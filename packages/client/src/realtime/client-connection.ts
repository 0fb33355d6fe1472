import type { ConnectionEvents, ConnectionState } from './connection.ts';

/** Events of {@link ClientConnection}: `statechange`, `retrychange` and `error`. */
export type ClientConnectionEvents = Pick<
  ConnectionEvents,
  'statechange' | 'retrychange' | 'error'
>;

/**
 * `client.connection`: the state of the client's WebSocket, for a banner or a spinner.
 * @example
 * ```ts
 * client.connection.on('statechange', (state, { reason, retryInMs }) =>
 *   setBanner(state === 'open' ? null : { state, reason, retryInMs }),
 * );
 * ```
 */
export interface ClientConnection {
  /** `idle`, `connecting`, `open`, `reconnecting`, `suspended` or `closed`. */
  readonly state: ConnectionState;
  /** Why the connection last left `open` or failed to open (kept after it reopens). */
  readonly lastError: Error | undefined;
  /**
   * While an attempt is planned (`reconnecting`, `suspended`, or `connecting` after a first attempt
   * failed): ms until it, counting down (read it on a timer for a "Retrying in 5 s" banner);
   * `undefined` while `open` or when no attempt is planned.
   */
  readonly retryInMs: number | undefined;
  /**
   * Calls `listener` on each `type` event until the returned function is called: `statechange`
   * on every change of state, with the previous state, the reason, the wait before the next
   * attempt and the attempt count; `retrychange` when an attempt is planned (with the wait
   * before it) or the plan is dropped (`undefined`), for a countdown that needs no polling;
   * `error` with what one of your listeners (of the connection or of a stream) threw, which the
   * SDK catches, logs at `warn`, and never rethrows.
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
  /**
   * Connects now instead of on first use; again after the server refused the client, or after a
   * sign-out (the token provider is asked again). While waiting to retry (`reconnecting`,
   * `suspended`, or `connecting` between attempts), tries at once: a "Try again" button.
   * @example
   * ```ts
   * tryAgainButton.onclick = () => client.connection.connect();
   * ```
   */
  connect(): void;
}
