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
   * While an attempt is planned (`reconnecting`, `suspended`, or `connecting` between failed first
   * attempts): the wait before it as planned, rounded up to the whole second; `undefined`
   * otherwise. It does not count down: each new plan gives a new status (a new object, even with
   * the same wait), so a banner that ticks takes `Date.now() + retryInMs` as its deadline.
   */
  retryInMs: number | undefined;
}

const SERVER_STATUS: ConnectionStatus = {
  state: 'idle',
  lastError: undefined,
  retryInMs: undefined,
};

/**
 * The client's connection, for a banner: its state, why it last failed and, while it waits to
 * try again, how long it planned to wait. Re-renders when the state changes and when an attempt
 * is planned or dropped (the connection's `statechange` and `retrychange`), never on a timer.
 * @example
 * ```tsx
 * const { state, retryInMs } = useConnectionState();
 * if (state === 'reconnecting' && retryInMs !== undefined)
 *   return <p role="status">Can't reach the assistant. Retrying in {retryInMs / 1000} s…</p>;
 * ```
 */
export function useConnectionState(): ConnectionStatus {
  const { connection } = usePartnerAssistantClient();
  /** The status last read: kept until the state, the last error or the plan changes. */
  const last = useRef<ConnectionStatus | undefined>(undefined);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopState = connection.on('statechange', onChange);
      const stopRetry = connection.on('retrychange', () => {
        last.current = undefined; // a new plan, maybe of the same wait
        onChange();
      });
      return () => {
        stopState();
        stopRetry();
      };
    },
    [connection],
  );
  const read = () => (last.current = current(connection, last.current));
  return useSyncExternalStore(subscribe, read, () => SERVER_STATUS);
}

/**
 * The connection's status now, or `previous` itself while the state and the last error are the
 * same (the time left is not read again). A plan made or dropped clears `previous` first
 * (`retrychange`), so whether an attempt is planned needs no comparing here.
 */
function current(
  { state, lastError, retryInMs }: PartnerAssistantClient['connection'],
  previous: ConnectionStatus | undefined,
): ConnectionStatus {
  return previous?.state === state && previous.lastError === lastError
    ? previous
    : {
        state,
        lastError,
        retryInMs: retryInMs === undefined ? undefined : Math.ceil(retryInMs / 1000) * 1000,
      };
}
