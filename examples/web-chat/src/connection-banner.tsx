import { useConnectionState, usePartnerAssistantClient } from '@partner-assistant/react';
import { useEffect, useState } from 'react';
import { describeConnection } from './error-message.ts';

/** Most drops are over in a blink: "Retrying" shows only when one lasts longer than this. */
const RECONNECTING_NOTICE_DELAY_MS = 1500;

/**
 * A banner for the connection, shown only when the user has something to know: that the
 * assistant can't be reached and when the next attempt is (with "Try again" to try at once),
 * that the device is offline, or that the session ended.
 */
export function ConnectionBanner() {
  const { connection } = usePartnerAssistantClient();
  const status = useConnectionState();
  const [slowReconnect, setSlowReconnect] = useState(false);

  useEffect(() => {
    if (status.state !== 'reconnecting') return setSlowReconnect(false);
    const timer = setTimeout(() => setSlowReconnect(true), RECONNECTING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.state]);

  const notice =
    status.state === 'reconnecting' && !slowReconnect ? null : describeConnection(status);
  if (notice === null) return null;
  return (
    <div className={`connection-banner connection-${status.state}`} role="status">
      <span>{notice.message}</span>
      {notice.canRetry && (
        <button type="button" onClick={() => connection.connect()}>
          Try again
        </button>
      )}
    </div>
  );
}
