/**
 * Where the connection stands. `idle`: not used yet. `connecting`: first attempt. `open`: frames
 * flow. `reconnecting`: lost, retrying with backoff. `suspended`: offline, or failing for
 * `suspendAfterMs`; retrying slowly. `closed`: `client.close()`, or the server refused the
 * client for good (a token without `chat:read`, a second refused token).
 */
export type ConnectionState =
  | 'idle'
  | 'connecting'
  | 'open'
  | 'reconnecting'
  | 'suspended'
  | 'closed';

/**
 * What a `statechange` tells besides the new state.
 * @example
 * ```ts
 * client.connection.on('statechange', (state, { retryInMs }) => {
 *   if (state === 'reconnecting' && retryInMs !== undefined) showBanner(`Retrying in ${Math.ceil(retryInMs / 1000)} s`);
 * });
 * ```
 */
export interface ConnectionStateChange {
  /** The state before this change. */
  previous: ConnectionState;
  /** Why it changed, when something went wrong (also in `client.connection.lastError`). */
  reason?: Error;
  /**
   * While an attempt is planned (`reconnecting`, `suspended`, or `connecting` after a first
   * attempt failed): time until it, as planned with this change (`retrychange` follows).
   */
  retryInMs?: number;
  /** Attempts since the connection last worked: the one planned, or the one that opened it. */
  attempt: number;
}

/**
 * What a state allows, then the states that may follow it (any other change is refused). First,
 * what `connect()` does: `start` a new run (lifecycle subscribed, token source reset), try `now`
 * when no socket is up or opening, or nothing (`none`). `online` and `foreground` try `now` too.
 */
export type ConnectionStateRule = readonly [
  connect: 'start' | 'now' | 'none',
  ...next: readonly ConnectionState[],
];

/**
 * The connection's state machine. `closed` by `client.close()` is final whatever the table says
 * (its `start` is for a refusal or a sign-out).
 */
export const CONNECTION_STATES: Readonly<Record<ConnectionState, ConnectionStateRule>> = {
  idle: ['start', 'connecting', 'closed'],
  connecting: ['now', 'open', 'reconnecting', 'suspended', 'closed'],
  open: ['none', 'reconnecting', 'suspended', 'closed'],
  reconnecting: ['now', 'open', 'suspended', 'closed'],
  suspended: ['now', 'open', 'reconnecting', 'closed'],
  closed: ['start', 'connecting'],
};
