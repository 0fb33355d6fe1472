import {
  type ConnectionStatus,
  useConnectionState,
  usePartnerAssistantClient,
} from '@partner-assistant/react';
import { useEffect, useMemo, useState } from 'react';
import { useFailingToOpen } from './connection-trouble.ts';
import { describeConnection } from './error-message.ts';

/** Most drops are over in a blink: "Retrying" shows only when one lasts longer than this. */
const RECONNECTING_NOTICE_DELAY_MS = 1500;

/**
 * Ms left until the planned attempt, ticking down once a second: `useConnectionState()` gives the
 * wait as planned, and a new status for each new plan (even of the same wait).
 */
function useCountdown(status: ConnectionStatus): number | undefined {
  const [, setTick] = useState(0);
  // Taken again for each new status: a new plan, even of the same wait.
  const deadline = useMemo(
    () => (status.retryInMs === undefined ? undefined : Date.now() + status.retryInMs),
    [status],
  );
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === undefined ? undefined : Math.max(0, deadline - Date.now());
}

/**
 * A banner for the connection, shown only when the user has something to know: that the
 * assistant can't be reached and when the next attempt is (with "Try again" to try at once),
 * from the first failed attempt of a connection that never opened or after a drop that lasts,
 * that the device is offline, or that the session ended.
 */
export function ConnectionBanner() {
  const { connection } = usePartnerAssistantClient();
  const status = useConnectionState();
  const failingToOpen = useFailingToOpen(status);
  const retryInMs = useCountdown(status);
  const [slowReconnect, setSlowReconnect] = useState(false);

  useEffect(() => {
    if (status.state !== 'reconnecting') return setSlowReconnect(false);
    const timer = setTimeout(() => setSlowReconnect(true), RECONNECTING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.state]);

  // Between attempts that never opened, the banner reads as while reconnecting (no blip to wait
  // out: nothing worked yet, and a question may be waiting).
  const shown: ConnectionStatus = {
    ...status,
    state: failingToOpen ? 'reconnecting' : status.state,
    retryInMs,
  };
  const notice =
    status.state === 'reconnecting' && !slowReconnect ? null : describeConnection(shown);
  if (notice === null) return null;
  return (
    <div className={`connection-banner connection-${shown.state}`} role="status">
      <span>{notice.message}</span>
      {notice.canRetry && (
        <button type="button" onClick={() => connection.connect()}>
          Try again
        </button>
      )}
    </div>
  );
}
