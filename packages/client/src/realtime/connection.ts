import type { ServerEvent } from '@partner-assistant/contract';
import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract/constants';
import {
  PartnerApiError,
  PartnerConfigurationError,
  type PartnerLogger,
  PartnerNetworkError,
} from '@partner-assistant/sdk-core';
import { isPartnerTokenProviderError } from '../errors/partner-token-provider-error.ts';
import { Emitter } from '../internal/emitter.ts';
import type { TokenSource } from '../tokens/token-source.ts';
import { readServerFrame } from './frame-reader.ts';
import { Heartbeat } from './heartbeat.ts';
import type { LifecycleAdapter, LifecycleSignal } from './lifecycle.ts';
import type { Timers, WebSocketConstructor, WebSocketLike } from './platform.ts';
import { closeAction, type ReconnectPolicy, reconnectDelay } from './reconnect-delay.ts';

/**
 * Where the connection stands. `idle`: not used yet. `connecting`: first attempt. `open`: frames
 * flow. `reconnecting`: lost, retrying with backoff. `suspended`: offline, or failing for
 * `suspendAfterMs`; retrying slowly. `closed`: `client.close()`, or the server refused the
 * client for good (a token without `chat:read`, a second refused token).
 */
export type ConnectionState =
  | 'idle'
  | 'connecting'
  | 'open'
  | 'reconnecting'
  | 'suspended'
  | 'closed';

/**
 * What a `statechange` tells besides the new state.
 * @example
 * ```ts
 * client.connection.on('statechange', (state, { retryInMs }) => {
 *   if (state === 'reconnecting' && retryInMs !== undefined) showBanner(`Retrying in ${Math.ceil(retryInMs / 1000)} s`);
 * });
 * ```
 */
export interface ConnectionStateChange {
  /** The state before this change. */
  previous: ConnectionState;
  /** Why it changed, when something went wrong (also in `client.connection.lastError`). */
  reason?: Error;
  /** While `reconnecting` or `suspended`: time until the next attempt. */
  retryInMs?: number;
  /** Attempts since the connection last worked: the one planned, or the one that opened it. */
  attempt: number;
}

/** Listeners of the connection, by event name. */
export interface ConnectionEvents extends Record<string, unknown[]> {
  /** The state changed. */
  statechange: [state: ConnectionState, change: ConnectionStateChange];
  /** A listener of the client (of the connection or of a turn stream) threw `error`. */
  error: [error: unknown];
  /** @internal An event passed the door. */
  frame: [event: ServerEvent];
  /** @internal An event of turn `turnId` did not pass the door. */
  skipped: [turnId: string];
  /** @internal A socket opened: unfinished turns resume. */
  open: [];
  /** @internal The connection gave up for good. */
  failure: [error: Error];
}

/** Everything a {@link Connection} needs, injected. */
export interface ConnectionSettings {
  url: string;
  WebSocket: () => WebSocketConstructor | undefined;
  tokens: TokenSource;
  timers: Timers;
  now: () => number;
  policy: ReconnectPolicy;
  heartbeat: { intervalMs: number; timeoutMs: number };
  lifecycle: LifecycleAdapter | undefined;
  logger: PartnerLogger | undefined;
}

const FAILURES: Record<number, [status: number, code: string, message: string]> = {
  4400: [400, 'invalid_request', 'The server refused the WebSocket request (protocol or URL)'],
  4401: [401, 'unauthorized', 'The server refused the token twice in a row'],
  4403: [403, 'insufficient_scope', 'The token lacks the chat:read scope'],
};

/** A `4401` within this long of the last token refresh closes the connection for good. */
const REFRESH_WINDOW_MS = 60_000;

/** How long `close()` waits for the closing handshake before the socket is terminated. */
const CLOSE_WAIT_MS = 250;

/**
 * The one WebSocket of a client and its state machine: lazy connect, a token from the provider on
 * every attempt, at most one forced token refresh per minute on `4401`, reconnection with backoff
 * (at once only after a socket that delivered what was asked of it), suspension, heartbeat, and
 * lifecycle signals.
 */
export class Connection extends Emitter<ConnectionEvents> {
  #state: ConnectionState = 'idle';
  readonly #settings: ConnectionSettings;
  readonly #heartbeat: Heartbeat;
  #socket: WebSocketLike | undefined;
  #token = '';
  #verified = false;
  /** The socket delivered (a frame other than `pong` when a turn was asked of it). */
  #worked = false;
  /** A turn frame was sent that this socket has not answered yet. */
  #owed = false;
  #progress = { attempt: 0, failingSince: 0 };
  #refreshedAt = -Infinity;
  #reporting = false;
  #online = true;
  #retryTimer: unknown;
  #retryAt: number | undefined;
  #lastError: Error | undefined;
  #closedByUser = false;
  #stopLifecycle: (() => void) | undefined;

  /** @internal */
  constructor(settings: ConnectionSettings) {
    super();
    this.report = this.reportListenerError;
    this.#settings = settings;
    // Signed out (the provider resolved `null`, for REST or for the socket): closed for good.
    settings.tokens.onSignedOut = (error) => this.#giveUp(error);
    this.#heartbeat = new Heartbeat({
      ...settings.heartbeat,
      now: settings.now,
      timers: settings.timers,
      sendPing: () => this.send({ type: 'ping' }),
      onDead: () => this.#drop('heartbeat: no answer to ping'),
    });
  }

  /** The current state. */
  get state(): ConnectionState {
    return this.#state;
  }

  /** Why the connection last left `open` or failed to open; `undefined` until then. */
  get lastError(): Error | undefined {
    return this.#lastError;
  }

  /** While `reconnecting` or `suspended`: ms until the next attempt (counts down); else `undefined`. */
  get retryInMs(): number | undefined {
    const at = this.#retryAt;
    return at === undefined ? undefined : Math.max(0, at - this.#settings.now());
  }

  /** @internal Set while the user is signed out: streams fail with it at once. */
  get signedOut(): Error | undefined {
    return this.#settings.tokens.signedOut;
  }

  /** @internal Logs at `debug` (never a token, a message text or a user id). */
  debug(message: string, data: Record<string, unknown>): void {
    this.#settings.logger?.debug?.(`partner-assistant: ${message}`, data);
  }

  /** @internal Reports an app listener's error: to the logger, and to `error` listeners. */
  readonly reportListenerError = (error: unknown): void => {
    this.#log('a listener threw', error);
    if (this.#reporting) return;
    this.#reporting = true;
    this.emit('error', error);
    this.#reporting = false;
  };

  /**
   * Opens the connection now rather than on first use. While an attempt is planned
   * (`reconnecting`, `suspended`, or `connecting` between attempts), makes it at once, the backoff
   * kept ("Try again"). Does nothing while a socket is up or opening; after the server refused the
   * client or a sign-out (`closed` without `client.close()`), tries again.
   */
  connect(): void {
    const waiting = this.#retryAt !== undefined || (this.#state === 'suspended' && !this.#online);
    if (waiting && !this.#socket) {
      this.#settings.timers.clearTimeout(this.#retryTimer);
      this.#retryAt = undefined;
      this.#online = true; // asked by the user: an attempt tells whether the network is back
      void this.#open();
      return;
    }
    if (this.#state !== 'idle' && !(this.#state === 'closed' && !this.#closedByUser)) return;
    this.#stopLifecycle?.();
    this.#stopLifecycle = this.#settings.lifecycle?.subscribe((signal) =>
      this.#onLifecycle(signal),
    );
    this.#progress = { attempt: 0, failingSince: this.#settings.now() };
    this.#refreshedAt = -Infinity;
    this.#settings.tokens.reset();
    this.#setState('connecting');
    void this.#open();
  }

  /** @internal Sends a frame if a socket is open; false otherwise (it is re-sent on open). */
  send(frame: { type: string }): boolean {
    if (this.#socket?.readyState !== 1) return false;
    this.#owed ||= frame.type !== 'ping';
    this.#socket.send(JSON.stringify(frame));
    return true;
  }

  /**
   * @internal Closes for good; resolves once the socket has closed, or was terminated when the
   * server did not finish the closing handshake within 250 ms.
   */
  close(): Promise<void> {
    const { timers, tokens } = this.#settings;
    this.#closedByUser = true;
    this.#setState('closed');
    timers.clearTimeout(this.#retryTimer);
    this.#heartbeat.stop();
    this.#stopLifecycle?.();
    tokens.close();
    const socket = this.#detach();
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

  async #open(): Promise<void> {
    const settings = this.#settings;
    let token: string;
    try {
      token = await settings.tokens.get();
    } catch (error) {
      if (this.#state === 'closed') return; // signed out, or closed meanwhile
      this.#log('token provider failed', error);
      return this.#retry(error as Error);
    }
    if (this.#state === 'closed') return;
    const WebSocket = settings.WebSocket();
    if (typeof WebSocket !== 'function') {
      return this.#giveUp(
        new PartnerConfigurationError(
          "No WebSocket available: pass the `WebSocket` option (in Node 20, `ws` or undici's WebSocket)",
        ),
      );
    }
    let socket: WebSocketLike;
    try {
      socket = new WebSocket(settings.url, [WEBSOCKET_SUBPROTOCOL, token]);
    } catch (error) {
      return this.#giveUp(
        new PartnerConfigurationError(
          `Could not open the WebSocket: ${error instanceof Error ? error.name : 'error'}`,
        ),
      );
    }
    this.#token = token;
    this.#socket = socket;
    this.#verified = this.#worked = this.#owed = false;
    socket.onopen = () => {
      this.#heartbeat.start();
      this.send({ type: 'ping' }); // its pong proves the token was accepted
      this.emit('open');
    };
    socket.onmessage = (message) => this.#receive(message.data);
    socket.onclose = (event) => this.#closed(socket, event.code);
    socket.onerror = () => {}; // a close event follows
  }

  #receive(data: unknown): void {
    this.#heartbeat.frameReceived();
    // The first frame (the pong to our ping) proves the server kept the socket: it is open.
    if (!this.#verified) this.#setState('open');
    this.#verified = true;
    const event = readServerFrame(data);
    if (Array.isArray(event)) {
      const [reason, turnId] = event;
      const type = reason.split(':', 1)[0];
      this.#settings.logger?.warn?.('partner-assistant: skipped a server frame', { type, reason });
      if (typeof turnId === 'string') this.emit('skipped', turnId);
      return;
    }
    // It works once it answered what was asked (a pong is enough when nothing was): only then do
    // reconnections start again at once.
    if (!this.#worked && (!this.#owed || (event && event.type !== 'pong'))) {
      this.#worked = true;
      this.#progress = { attempt: 0, failingSince: this.#settings.now() };
    }
    if (event) this.emit('frame', event);
  }

  #closed(socket: WebSocketLike, code: number): void {
    if (socket !== this.#socket) return;
    this.#detach();
    this.#heartbeat.stop();
    if (this.#state === 'closed') return;
    const lost = new PartnerNetworkError(`The socket closed (${code})`);
    const action = closeAction(code);
    if (action === 'reconnect') this.#retry(lost);
    else if (
      action === 'refresh-token' &&
      this.#settings.now() - this.#refreshedAt >= REFRESH_WINDOW_MS
    )
      void this.#refreshThenOpen();
    else this.#refused(code);
  }

  #refused(code: number): void {
    const [status, errorCode, message] = FAILURES[code] ?? [
      400,
      'invalid_request',
      `Closed with ${code}`,
    ];
    this.#giveUp(new PartnerApiError({ status, code: errorCode, message, retryable: false }));
  }

  async #refreshThenOpen(): Promise<void> {
    this.#refreshedAt = this.#settings.now();
    this.#setState('reconnecting', new PartnerNetworkError('The server refused the token (4401)'));
    // The provider is asked with `{ reason: 'refused', refusedToken }`: never the same token again.
    let fresh: string | undefined;
    try {
      fresh = await this.#settings.tokens.refresh(this.#token);
    } catch (error) {
      // The provider failed (its route is down, say, while the API restarts): retried with
      // backoff, the next attempt asking again for the refused token. Signed out: closed already.
      if (this.#state === 'closed') return;
      this.#log('token provider failed', error);
      return this.#retry(error as Error);
    }
    if (this.#state === 'closed') return;
    if (fresh === undefined) this.#refused(4401);
    else void this.#open();
  }

  /** Drops a socket that stopped answering (or is not wanted), without a close handshake. */
  #drop(reason: string): void {
    const socket = this.#detach();
    if (socket?.terminate) socket.terminate();
    else socket?.close(4000);
    this.#heartbeat.stop();
    if (this.#state !== 'closed')
      this.#retry(new PartnerNetworkError(`Dropped the socket: ${reason}`));
  }

  #retry(reason?: Error): void {
    if (this.#state === 'closed') return;
    const { timers, now, policy } = this.#settings;
    timers.clearTimeout(this.#retryTimer);
    this.#retryAt = undefined;
    if (!this.#online) {
      this.#setState('suspended', reason); // until `online`
      return;
    }
    if (this.#worked) this.#progress = { attempt: 0, failingSince: now() };
    this.#worked = false;
    const { delayMs, suspended } = reconnectDelay(this.#progress, now(), policy);
    const attempt = ++this.#progress.attempt;
    this.#retryAt = now() + delayMs;
    this.debug('reconnecting', { attempt, delayMs });
    // Until a first connection worked the state stays `connecting`.
    this.#setState(
      suspended ? 'suspended' : this.#state === 'connecting' ? 'connecting' : 'reconnecting',
      reason,
    );
    this.#retryTimer = timers.setTimeout(() => void this.#open(), delayMs);
  }

  #giveUp(error: Error): void {
    if (this.#state === 'closed') return;
    this.#settings.logger?.warn?.('partner-assistant: connection closed for good', {
      error: error.name,
    });
    this.#settings.timers.clearTimeout(this.#retryTimer);
    this.#heartbeat.stop();
    this.#detach()?.close(1000);
    this.#setState('closed', error);
    this.#stopLifecycle?.();
    this.emit('failure', error);
  }

  #onLifecycle(signal: LifecycleSignal): void {
    if (this.#state === 'closed') return;
    if (signal === 'frozen') {
      // Closed cleanly (a page with an open socket is not kept), reopened on `foreground`.
      this.#settings.timers.clearTimeout(this.#retryTimer);
      this.#heartbeat.stop();
      this.#detach()?.close(1000);
      this.#retryAt = undefined;
      this.#setState('suspended');
    } else if (signal === 'offline') {
      this.#online = false;
      this.#settings.timers.clearTimeout(this.#retryTimer);
      if (this.#socket) this.#drop('offline');
      else this.#retry();
    } else if (signal === 'online' || signal === 'foreground') {
      this.#online ||= signal === 'online';
      if (this.#socket) this.#heartbeat.probe();
      else if (this.#online && (this.#state === 'reconnecting' || this.#state === 'suspended')) {
        this.#settings.timers.clearTimeout(this.#retryTimer);
        void this.#open();
      }
    }
  }

  #detach(): WebSocketLike | undefined {
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      // Never null: `ws` throws an `error` nobody listens to (closing while connecting does that).
      socket.onerror = () => {};
    }
    return socket;
  }

  #setState(state: ConnectionState, reason?: Error): void {
    const previous = this.#state;
    if (reason) this.#lastError = reason;
    if (state === 'open' || state === 'closed') this.#retryAt = undefined;
    if (previous === state) return;
    this.#state = state;
    const { attempt } = this.#progress;
    const change: ConnectionStateChange = { previous, reason, retryInMs: this.retryInMs, attempt };
    this.debug(`connection ${state}`, {
      ...change,
      reason: reason && (isPartnerTokenProviderError(reason) ? reason.failure : reason.message),
    });
    this.emit('statechange', state, change);
  }

  #log(message: string, error: unknown): void {
    this.#settings.logger?.warn?.(`partner-assistant: ${message}`, {
      error: error instanceof Error ? error.name : typeof error,
    });
  }
}
