import type { ServerEvent } from '@partner-assistant/contract';

/** Observes every event that leaves through a socket (for a journal or a self-check). */
export type SocketEventObserver = (sessionId: string, event: ServerEvent) => void;

/** One frame in or out of a socket, or its close, as the journal records it (no content). */
export interface SocketFrameRecord {
  /** In (client frame) or out (event, close). */
  direction: 'in' | 'out';
  /** `user.message`, `turn.accepted`…, or `close`. */
  frameType: string;
  /** The application of the socket's token. */
  clientId: string;
  /** Code of a `frame.rejected`. */
  errorCode?: string;
  /** Close code, for `close`. */
  closeCode?: number;
  /** Contract violation of an outgoing event, caught by the self-check. */
  violation?: string;
}

/** What the engine plugs into the socket hub. */
export interface SocketHubHooks {
  /** Sees every event sent on a socket. */
  observeEvent?: SocketEventObserver;
  /** Records every frame in and out, and every close (the request journal). */
  recordFrame?(frame: SocketFrameRecord): void;
  /** Checks an outgoing event against the contract: the violation, if any. */
  checkEvent?(event: ServerEvent): string | undefined;
  /** The event as it leaves, after the checks (the profile's outbound filter). */
  shapeEvent?(event: ServerEvent): ServerEvent;
}
