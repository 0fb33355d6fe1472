import type { ConnectionState, PartnerAssistantClient } from '@partner-assistant/client';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { usePartnerAssistantClient } from './partner-assistant-provider.tsx';

/** What `useConnectionState` returns: enough for a banner that explains itself. */
export interface ConnectionStatus {
  /** `idle`, `connecting`, `open`, `reconnecting`, `suspended` or `closed`. */
  state: ConnectionState;
  /** Why the connection last left `open` or failed to open (`client.connection.lastError`). */
  lastError: Error | undefined;
  /**
   * While an attempt is scheduled (`reconnecting`, `suspended`, or `connecting` between failed first
   * attempts): the time left until it, rounded up to the whole second and counting down (one
   * re-render a second); `undefined` otherwise.
   */
  retryInMs: number | undefined;
}

type Connection = PartnerAssistantClient['connection'];

const SERVER_STATUS: ConnectionStatus = {
  state: 'idle',
  lastError: undefined,
  retryInMs: undefined,
};

/** How often the countdown is read while the connection is not up. */
const COUNTDOWN_TICK_MS = 250;

const wholeSeconds = (ms: number | undefined): number | undefined =>
  ms === undefined ? undefined : Math.ceil(ms / 1000) * 1000;

/**
 * The client's connection, for a banner: its state, why it last failed and, while it waits to
 * try again, a countdown in whole seconds. Re-renders when one of them changes, never more than
 * once a second for the countdown.
 * @example
 * ```tsx
 * const { state, retryInMs } = useConnectionState();
 * if (state === 'reconnecting' && retryInMs !== undefined)
 *   return <p role="status">Can't reach the assistant. Retrying in {retryInMs / 1000} s…</p>;
 * ```
 */
export function useConnectionState(): ConnectionStatus {
  const { connection } = usePartnerAssistantClient();
  const last = useRef<ConnectionStatus>(SERVER_STATUS);
  const subscribe = useCallback(
    (onChange: () => void) => {
      // Clearing `undefined` does nothing everywhere (React Native's types just do not say so).
      let ticker = undefined as unknown as ReturnType<typeof setInterval>;
      // Read while the connection works its way back: a failed first attempt plans the next one
      // without leaving `connecting`, so no state change announces its countdown.
      const follow = () => {
        clearInterval(ticker);
        if (!['idle', 'open', 'closed'].includes(connection.state))
          ticker = setInterval(onChange, COUNTDOWN_TICK_MS);
      };
      const off = connection.on('statechange', () => {
        follow();
        onChange();
      });
      follow();
      return () => {
        off();
        clearInterval(ticker);
      };
    },
    [connection],
  );
  const read = () => (last.current = current(connection, last.current));
  return useSyncExternalStore(subscribe, read, () => SERVER_STATUS);
}

/** The connection's status now, or `previous` itself when nothing a banner shows has changed. */
function current(connection: Connection, previous: ConnectionStatus): ConnectionStatus {
  const next: ConnectionStatus = {
    state: connection.state,
    lastError: connection.lastError,
    retryInMs: wholeSeconds(connection.retryInMs),
  };
  return next.state === previous.state &&
    next.lastError === previous.lastError &&
    next.retryInMs === previous.retryInMs
    ? previous
    : next;
}
