import type { ServerEvent } from '@partner-assistant/contract';
import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract/constants';
import {
  PartnerConfigurationError,
  type PartnerLogger,
  PartnerNetworkError,
} from '@partner-assistant/sdk-core';
import { timerDelay } from '@partner-assistant/sdk-core/internal';
import { readServerFrame } from './frame-reader.ts';
import {
  closeSocket,
  type Timers,
  type WebSocketConstructor,
  type WebSocketLike,
} from './platform.ts';

/**
 * Where an attempt stands: `opening` (waiting for its token, then for its socket), `open`, or
 * `ended` (after which it does nothing more, whatever arrives).
 */
export type AttemptPhase = 'opening' | 'open' | 'ended';

/**
 * A socket that stayed up this long counts as a working connection (the backoff starts over after
 * it) even when nothing was asked of it. One that closes sooner counts only if it delivered what
 * was asked: a server that accepts, answers the ping and crashes is retried with growing delays.
 */
export const WORKING_AFTER_MS = 10_000;

/** What an attempt needs, injected. */
export interface AttemptSettings {
  url: string;
  WebSocket: () => WebSocketConstructor | undefined;
  timers: Timers;
  /** The monotonic clock. */
  now: () => number;
  /** Quiet time before a `ping` is sent. */
  heartbeatIntervalMs: number;
  /** Time a `ping` has to be answered (by any frame). */
  heartbeatTimeoutMs: number;
  logger: PartnerLogger | undefined;
}

/** What an attempt tells its connection. */
export interface AttemptHooks {
  /**
   * For the connection's listeners: the socket opened (`open`: a `ping` is out, its `pong` proves
   * the token was accepted), an event passed the door (`frame`), or an event of turn `turnId` did
   * not (`skipped`).
   */
  emit(
    ...event: [type: 'open'] | [type: 'frame', ServerEvent] | [type: 'skipped', turnId: string]
  ): void;
  /** The first frame of this socket arrived: the server kept it. */
  verified(): void;
  /** The attempt ended by itself: closed with a code, or an error (`fatal`: retrying cannot help). */
  end(reason: number | Error, fatal?: boolean): void;
}

/**
 * One attempt at a socket: its token, the socket opening, the heartbeat while it is open, and its
 * end. Its `phase` alone says whether it may still act: an ended attempt ignores a late token and
 * every event of its socket, so `close()` during the token wait leaves no socket behind.
 */
export class SocketAttempt {
  #phase: AttemptPhase = 'opening';
  #token = '';
  #socket: WebSocketLike | undefined;
  #openedAt = 0;
  /** A frame other than `ping` was sent and not answered yet; `true`: answered. */
  #asked: boolean | undefined;
  #verified = false;
  #lastFrameAt = 0;
  #pingSentAt: number | undefined;
  #beat: unknown;
  readonly #settings: AttemptSettings;
  readonly #hooks: AttemptHooks;

  constructor(settings: AttemptSettings, hooks: AttemptHooks) {
    this.#settings = settings;
    this.#hooks = hooks;
  }

  /** The token the socket was opened with ('' before). */
  get token(): string {
    return this.#token;
  }

  /** Whether the connection worked: up {@link WORKING_AFTER_MS}, or it answered what was asked. */
  get worked(): boolean {
    return (
      this.#verified &&
      (this.#asked === true || this.#settings.now() - this.#openedAt >= WORKING_AFTER_MS)
    );
  }

  /** Opens the socket once `token` resolves (`undefined`: the provider has no other token). */
  start(token: Promise<string | undefined>): void {
    token.then(
      (value) => this.#open(value),
      (error: Error) => this.#end(error),
    );
  }

  #open(value: string | undefined): void {
    if (this.#phase === 'ended') return; // closed while its token was awaited
    if (value === undefined) {
      this.#end(4401); // refused, and the provider has no other token
      return;
    }
    const WebSocket = this.#settings.WebSocket();
    let socket: WebSocketLike;
    try {
      // No WebSocket (Node 20 without `ws`), or one that refused the URL: a TypeError either way.
      socket = new (WebSocket as WebSocketConstructor)(this.#settings.url, [
        WEBSOCKET_SUBPROTOCOL,
        value,
      ]);
    } catch (error) {
      const message = WebSocket
        ? `Could not open the WebSocket: ${(error as Error).name}`
        : 'No WebSocket available: pass the `WebSocket` option'; // `ws` or undici's in Node 20
      this.#end(new PartnerConfigurationError(message), true);
      return;
    }
    this.#token = value;
    this.#socket = socket;
    socket.onopen = () => {
      this.#phase = 'open';
      this.#openedAt = this.#lastFrameAt = this.#settings.now();
      this.send({ type: 'ping' }); // its pong proves the token was accepted
      this.#heartbeat();
      this.#hooks.emit('open');
    };
    socket.onmessage = (message) => this.#receive(message.data);
    socket.onclose = (event) => this.#end(event.code);
    // A close event follows. Never null, not even once detached: `ws` throws an `error` nobody
    // listens to (closing while connecting does that).
    socket.onerror = () => {};
  }

  /** Sends a frame if the socket is open; false otherwise. */
  send(frame: { type: string }): boolean {
    const socket = this.#socket;
    if (socket?.readyState !== 1) return false;
    if (frame.type !== 'ping' && this.#asked !== true) this.#asked = false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** After a wake-up: drops the socket if a ping is overdue, else pings now unless one is out. */
  probe(): void {
    if (this.#phase === 'open') this.#heartbeat(true);
  }

  /** Drops the socket without a closing handshake (it stopped answering, or the network left). */
  drop(reason: string): void {
    const socket = this.#socket;
    if (socket?.terminate) socket.terminate();
    else socket?.close(4000);
    this.#end(new PartnerNetworkError(`Dropped the socket: ${reason}`));
  }

  /**
   * Ends the attempt without telling the connection: resolves once the socket has closed, or was
   * terminated when the server did not finish the closing handshake within 250 ms.
   */
  close(): Promise<void> {
    return closeSocket(this.#detach(), this.#settings.timers);
  }

  /**
   * The heartbeat: a `ping` after `heartbeatIntervalMs` of silence, and the socket dropped when no
   * frame answers it within `heartbeatTimeoutMs`. Decided on the monotonic clock, not by counting
   * timer ticks, so a ping sent before a laptop slept is found unanswered by the first timer or
   * {@link probe} after waking. Only an unanswered ping condemns the socket: a timer a background
   * tab held back says nothing about the network, so after long silence a ping is sent and given
   * its own deadline.
   */
  #heartbeat(probe = false): void {
    const { now, heartbeatIntervalMs, heartbeatTimeoutMs, timers } = this.#settings;
    const at = now();
    timers.clearTimeout(this.#beat);
    let sent = this.#pingSentAt;
    if (sent !== undefined && at - sent >= heartbeatTimeoutMs) {
      this.drop('heartbeat: no answer to ping');
      return;
    }
    if (sent === undefined && (probe || at - this.#lastFrameAt >= heartbeatIntervalMs)) {
      this.#pingSentAt = sent = at;
      this.send({ type: 'ping' });
    }
    const due =
      sent === undefined ? this.#lastFrameAt + heartbeatIntervalMs : sent + heartbeatTimeoutMs;
    this.#beat = timers.setTimeout(() => this.#heartbeat(), timerDelay(due - at));
  }

  #receive(data: unknown): void {
    // Any frame proves the socket alive; an answered ping plans the next one an interval on.
    this.#lastFrameAt = this.#settings.now();
    if (this.#pingSentAt !== undefined) {
      this.#pingSentAt = undefined;
      this.#heartbeat();
    }
    if (!this.#verified) {
      this.#verified = true;
      this.#hooks.verified();
    }
    const event = readServerFrame(data);
    if (Array.isArray(event)) {
      const [reason, turnId] = event;
      const type = reason.split(':', 1)[0];
      this.#settings.logger?.warn?.('partner-assistant: skipped a server frame', { type, reason });
      if (typeof turnId === 'string') this.#hooks.emit('skipped', turnId);
    } else if (event) {
      if (this.#asked === false && event.type !== 'pong') this.#asked = true;
      this.#hooks.emit('frame', event);
    }
  }

  #end(reason: number | Error, fatal?: boolean): void {
    if (this.#phase === 'ended') return;
    this.#detach();
    this.#hooks.end(reason, fatal);
  }

  #detach(): WebSocketLike | undefined {
    this.#phase = 'ended';
    this.#settings.timers.clearTimeout(this.#beat);
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) socket.onopen = socket.onmessage = socket.onclose = null; // `onerror` stays
    return socket;
  }
}
