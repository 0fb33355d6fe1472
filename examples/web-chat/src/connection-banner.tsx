import { useConnectionState } from '@partner-assistant/react';
import { useEffect, useState } from 'react';

/** Most drops are over in a blink: "Reconnecting" shows only when one lasts longer than this. */
const RECONNECTING_NOTICE_DELAY_MS = 1500;

/** A banner for the connection state, shown only when the user has something to know. */
export function ConnectionBanner() {
  const { state } = useConnectionState();
  const [slowReconnect, setSlowReconnect] = useState(false);

  useEffect(() => {
    if (state !== 'reconnecting') return setSlowReconnect(false);
    const timer = setTimeout(() => setSlowReconnect(true), RECONNECTING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const message =
    state === 'suspended'
      ? "You're offline; answers will arrive when you're back."
      : state === 'closed'
        ? 'Disconnected from the assistant. Reload the page to reconnect.'
        : state === 'reconnecting' && slowReconnect
          ? 'Reconnecting…'
          : null;
  if (message === null) return null;
  return (
    <p className={`connection-banner connection-${state}`} role="status">
      {message}
    </p>
  );
}
