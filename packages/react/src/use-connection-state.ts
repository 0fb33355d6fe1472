import type { ConnectionState } from '@partner-assistant/client';
import { useCallback, useSyncExternalStore } from 'react';
import { usePartnerAssistantClient } from './partner-assistant-provider.tsx';

const serverState = (): ConnectionState => 'idle';

/**
 * The client's connection state (`idle`, `connecting`, `open`, `reconnecting`, `suspended`,
 * `closed`), for a banner.
 * @example
 * ```tsx
 * const state = useConnectionState();
 * return state === 'suspended' ? <Banner>You are offline</Banner> : null;
 * ```
 */
export function useConnectionState(): ConnectionState {
  const { connection } = usePartnerAssistantClient();
  const subscribe = useCallback(
    (onChange: () => void) => connection.on('statechange', onChange),
    [connection],
  );
  return useSyncExternalStore(subscribe, () => connection.state, serverState);
}
