import type { ServerEvent } from '@partner-assistant/contract';
import type { UserCaller } from '../identity/caller.ts';
import type { TimerHandle } from '../time/clock.ts';
import type { SocketTransport } from './socket-transport.ts';

/** An open, authenticated connection. */
export interface OpenSocket {
  /** Connection id. */
  id: string;
  /** Who is connected. */
  caller: UserCaller;
  /** The connection. */
  transport: SocketTransport;
  /** Timer that closes the socket when the token expires. */
  expiryTimer: TimerHandle;
  /**
   * The socket's single way out: every event it receives goes through here. `text`, when given,
   * is the event's JSON (exactly `JSON.stringify(event)`).
   */
  deliver(event: ServerEvent, text?: string): void;
  /** Cuts the connection abruptly (fault injection). */
  drop(): void;
}
