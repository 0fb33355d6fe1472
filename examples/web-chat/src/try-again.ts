import {
  browserLifecycle,
  type ClientConnection,
  type LifecycleAdapter,
  type LifecycleSignal,
} from '@partner-assistant/client';

/** The clients' lifecycle listeners, told `foreground` when the user asks to try again. */
const listeners = new Set<(signal: LifecycleSignal) => void>();

/**
 * The client's `lifecycle` option: the browser's own signals (online and offline, visibility, the
 * back/forward cache), and a way for {@link reconnectNow} to reach the connection.
 */
export const chatLifecycle: LifecycleAdapter = {
  subscribe(notify) {
    listeners.add(notify);
    const stop = browserLifecycle.subscribe(notify);
    return () => {
      listeners.delete(notify);
      stop();
    };
  },
};

/**
 * "Try again" on the connection banner: the connection tries at once instead of at the end of
 * its countdown. After a refusal (`closed`), `connect()` starts again. While it waits to retry,
 * `connect()` does nothing, so the page tells it what a return to the foreground would: a
 * waiting connection then tries at once (this needs the client built with {@link chatLifecycle}).
 */
export function reconnectNow(connection: ClientConnection): void {
  if (connection.state === 'closed') connection.connect();
  else for (const notify of listeners) notify('foreground');
}
