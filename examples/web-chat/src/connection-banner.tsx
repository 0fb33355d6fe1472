import {
  type ConnectionStatus,
  useConnectionState,
  usePartnerAssistantClient,
} from '@partner-assistant/react';
import { useEffect, useState } from 'react';
import { describeConnection } from './error-message.ts';

/** Most drops are over in a blink: "Retrying" shows only when one lasts longer than this. */
const RECONNECTING_NOTICE_DELAY_MS = 1500;

/**
 * True from the first failed attempt of a connection that never opened until it opens or closes.
 * Such a connection stays `connecting` across its attempts: this tells the wait between two of
 * them (`retryInMs` set) and the attempts themselves (`retryInMs` unset) apart from a first try.
 */
function useFailingToOpen(status: ConnectionStatus): boolean {
  const [failing, setFailing] = useState(false);
  const waiting = status.state === 'connecting' && status.retryInMs !== undefined;
  useEffect(() => {
    if (status.state !== 'connecting') setFailing(false);
    else if (waiting) setFailing(true);
  }, [status.state, waiting]);
  return waiting || (failing && status.state === 'connecting');
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
  const [slowReconnect, setSlowReconnect] = useState(false);

  useEffect(() => {
    if (status.state !== 'reconnecting') return setSlowReconnect(false);
    const timer = setTimeout(() => setSlowReconnect(true), RECONNECTING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.state]);

  // Between attempts that never opened, the banner reads as while reconnecting (no blip to wait
  // out: nothing worked yet, and a question may be waiting).
  const shown: ConnectionStatus = failingToOpen ? { ...status, state: 'reconnecting' } : status;
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
