/**
 * What the device or page told the client. `frozen`: the page goes into the back/forward cache
 * (the socket is closed cleanly, as the cache requires); `foreground` after it brings it back.
 */
export type LifecycleSignal = 'online' | 'offline' | 'foreground' | 'background' | 'frozen';

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
  addEventListener(type: string, listener: (event: { persisted?: boolean }) => void): void;
  removeEventListener(type: string, listener: (event: { persisted?: boolean }) => void): void;
}

/**
 * The browser's `online`/`offline` and back/forward cache `pagehide`/`pageshow` (window, when
 * `persisted`) and `visibilitychange` (document) events. Elsewhere
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
    const listeners: [
      EventTargetLike | undefined,
      string,
      (event: { persisted?: boolean }) => void,
    ][] = [
      [win, 'online', () => notify('online')],
      [win, 'offline', () => notify('offline')],
      [win, 'pagehide', (event) => event.persisted && notify('frozen')],
      [win, 'pageshow', (event) => event.persisted && notify('foreground')],
      [
        doc,
        'visibilitychange',
        () => notify(doc?.visibilityState === 'hidden' ? 'background' : 'foreground'),
      ],
    ];
    for (const [target, type, listener] of listeners) target?.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target?.removeEventListener(type, listener);
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
