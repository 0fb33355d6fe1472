/** The part of the standard `WebSocket` the client uses (browsers, React Native, undici, ws). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Ends the connection at once, without a closing handshake (`ws` has it; browsers do not). */
  terminate?(): void;
}

/**
 * A WebSocket constructor: `globalThis.WebSocket`, React Native's, undici's or `ws`.
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * new PartnerAssistantClient({ baseUrl, token, WebSocket });
 * ```
 */
export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
) => WebSocketLike;

/** Timers, injected so the connection's logic runs on a fake clock in tests. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * The monotonic clock these timers run on, in ms; the connection measures every wait with it.
   * @default `performance.now()` where available, else `Date.now()`
   */
  clock?: () => number;
}

/**
 * A monotonic clock in ms: `performance.now()` where the runtime has it, which the wall clock
 * going back or forward (a time sync, a user changing the time) does not move.
 */
export const monotonicNow = (): number => {
  // Not in every runtime's types (React Native's lib has none): looked up on the global object.
  const clock = (globalThis as { performance?: { now(): number } }).performance;
  return clock ? clock.now() : Date.now();
};

/** The runtime's timers, looked up when called, on the default clock ({@link monotonicNow}). */
export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long {@link closeSocket} waits for the closing handshake before terminating the socket. */
const CLOSE_WAIT_MS = 250;

/**
 * Closes `socket` with 1000; resolves once it has closed, or was terminated when the server did not
 * finish the closing handshake within 250 ms. Its own handlers must be detached first.
 */
export function closeSocket(socket: WebSocketLike | undefined, timers: Timers): Promise<void> {
  if (!socket || socket.readyState >= 2) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      timers.clearTimeout(timer);
      socket.terminate?.();
      resolve();
    };
    const timer = timers.setTimeout(done, CLOSE_WAIT_MS);
    socket.onclose = done;
    socket.close(1000);
  });
}
