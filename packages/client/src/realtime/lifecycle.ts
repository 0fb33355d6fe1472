/** What the device or page told the client. */
export type LifecycleSignal = 'online' | 'offline' | 'foreground' | 'background';

/**
 * Tells the client when the network comes and goes and when the app is shown or hidden.
 * `subscribe` is called when the client first connects; it returns the function that stops.
 * @example
 * ```ts
 * const lifecycle: LifecycleAdapter = {
 *   subscribe: (notify) => {
 *     const sub = AppState.addEventListener('change', (s) => notify(s === 'active' ? 'foreground' : 'background'));
 *     return () => sub.remove();
 *   },
 * };
 * ```
 */
export interface LifecycleAdapter {
  subscribe(notify: (signal: LifecycleSignal) => void): () => void;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * The browser's `online`/`offline` (window) and `visibilitychange` (document) events. Elsewhere
 * (React Native, Node) it listens to nothing: pass {@link reactNativeLifecycle} there.
 */
export const browserLifecycle: LifecycleAdapter = {
  subscribe(notify) {
    const scope = globalThis as {
      window?: EventTargetLike;
      document?: EventTargetLike & { visibilityState?: string };
    };
    const { window: win, document: doc } = scope;
    if (typeof win?.addEventListener !== 'function') return () => {};
    const online = () => notify('online');
    const offline = () => notify('offline');
    const visibility = () =>
      notify(doc?.visibilityState === 'hidden' ? 'background' : 'foreground');
    win.addEventListener('online', online);
    win.addEventListener('offline', offline);
    doc?.addEventListener('visibilitychange', visibility);
    return () => {
      win.removeEventListener('online', online);
      win.removeEventListener('offline', offline);
      doc?.removeEventListener('visibilitychange', visibility);
    };
  },
};

/** React Native's `AppState`, as the app passes it. */
export interface AppStateLike {
  addEventListener(type: 'change', listener: (state: string) => void): { remove(): void };
}

/** `@react-native-community/netinfo`'s default export, as the app passes it. */
export interface NetInfoLike {
  addEventListener(listener: (state: { isConnected: boolean | null }) => void): () => void;
}

/**
 * The lifecycle of a React Native app: `AppState` for foreground and background and, when given,
 * NetInfo for the network.
 * @example
 * ```ts
 * import { AppState } from 'react-native';
 * import NetInfo from '@react-native-community/netinfo';
 * const client = new PartnerAssistantClient({ baseUrl, token, lifecycle: reactNativeLifecycle({ AppState, NetInfo }) });
 * ```
 */
export function reactNativeLifecycle(platform: {
  AppState: AppStateLike;
  NetInfo?: NetInfoLike;
}): LifecycleAdapter {
  return {
    subscribe(notify) {
      const app = platform.AppState.addEventListener('change', (state) =>
        notify(state === 'active' ? 'foreground' : 'background'),
      );
      const stopNet = platform.NetInfo?.addEventListener((state) => {
        if (state.isConnected !== null) notify(state.isConnected ? 'online' : 'offline');
      });
      return () => {
        app.remove();
        stopNet?.();
      };
    },
  };
}
