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
}

/** The runtime's timers, looked up when called. */
export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
