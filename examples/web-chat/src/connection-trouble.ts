import { type ConnectionStatus, useConnectionState } from '@partner-assistant/react';
import { useEffect, useState } from 'react';

/**
 * True from the first failed attempt of a connection that never opened until it opens or closes.
 * Such a connection stays `connecting` across its attempts: this tells the wait between two of
 * them (`retryInMs` set) and the attempts themselves (`retryInMs` unset) apart from a first try.
 */
export function useFailingToOpen(status: ConnectionStatus): boolean {
  const [failing, setFailing] = useState(false);
  const waiting = status.state === 'connecting' && status.retryInMs !== undefined;
  useEffect(() => {
    if (status.state !== 'connecting') setFailing(false);
    else if (waiting) setFailing(true);
  }, [status.state, waiting]);
  return waiting || (failing && status.state === 'connecting');
}

/**
 * True while questions cannot leave: the browser is offline, the connection was lost
 * (`reconnecting`, `suspended`), or a first connection keeps failing (the API was down before
 * the socket ever opened). The conversation then shows its waiting questions as such, with
 * Discard, and keeps the composer free; the banner (on the same test) says why.
 */
export function useOffline(): boolean {
  const status = useConnectionState();
  const failingToOpen = useFailingToOpen(status);
  const { state } = status;
  return failingToOpen || state === 'reconnecting' || state === 'suspended' || !navigator.onLine;
}
