import { closeActionOf } from '@partner-assistant/contract/constants';
import { PartnerNetworkError } from '@partner-assistant/sdk-core';
import { isPartnerTokenProviderError } from '../errors/partner-token-provider-error.ts';
import { Emitter } from '../internal/emitter.ts';
import {
  CONNECTION_STATES,
  type ConnectionState,
  type ConnectionStateChange,
} from './connection-states.ts';
import type { ConnectionEvents, ConnectionSettings } from './connection-types.ts';
import type { LifecycleSignal } from './lifecycle.ts';
import { refusalOf } from './refusal.ts';
import { RetryPlan } from './retry-plan.ts';
import { SocketAttempt } from './socket-attempt.ts';

export type { ConnectionState, ConnectionStateChange } from './connection-states.ts';
export type { ConnectionEvents, ConnectionSettings } from './connection-types.ts';

/** A `4401` within this long of the last token refresh closes the connection for good. */
const REFRESH_WINDOW_MS = 60_000;

/** What the log says of a failure: the provider's failure kind, or the message (never a token). */
const describe = (reason: Error): string =>
  isPartnerTokenProviderError(reason) ? reason.failure : reason.message;

/**
 * The one WebSocket of a client and its state machine ({@link CONNECTION_STATES}): lazy connect,
 * one {@link SocketAttempt} at a time (a token from the provider on every attempt), at most one
 * forced token refresh per minute on `4401`, reconnection by the {@link RetryPlan}, suspension,
 * lifecycle signals. After `close()` nothing more is delivered.
 */
export class Connection extends Emitter<ConnectionEvents> {
  #state: ConnectionState = 'idle';
  readonly #settings: ConnectionSettings;
  readonly #plan: RetryPlan;
  #attempt: SocketAttempt | undefined;
  #refreshedAt = -Infinity;
  #reporting = false;
  #online = true;
  #lastError: Error | undefined;
  #closedByUser = false;
  #stopLifecycle: (() => void) | undefined;
  /** The planned attempt `retrychange` last told of (its instant), `undefined` for none. */
  #toldAt: number | undefined;

  /** @internal */
  constructor(settings: ConnectionSettings) {
    super();
    this.report = this.reportListenerError;
    this.#settings = settings;
    this.#plan = new RetryPlan(settings);
    // Signed out (the provider resolved `null`, for REST or for the socket): closed for good.
    settings.tokens.onSignedOut = (error) => this.#giveUp(error);
  }

  /** The current state. */
  get state(): ConnectionState {
    return this.#state;
  }

  /** Why the connection last left `open` or failed to open; `undefined` until then. */
  get lastError(): Error | undefined {
    return this.#lastError;
  }

  /**
   * While an attempt is planned (`reconnecting`, `suspended`, or `connecting` after a first attempt
   * failed): ms until it (counts down); else `undefined`.
   */
  get retryInMs(): number | undefined {
    return this.#plan.retryInMs;
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
    const [connect] = CONNECTION_STATES[this.#state];
    if (this.#closedByUser || this.#attempt || connect === 'none') return;
    if (connect === 'now') {
      this.#online = true; // asked by the user: an attempt tells whether the network is back
      this.#open();
      return;
    }
    // Not subscribed: a run starts from `idle`, or from `closed`, which unsubscribed.
    this.#stopLifecycle = this.#settings.lifecycle?.subscribe((signal) =>
      this.#onLifecycle(signal),
    );
    this.#plan.reset();
    this.#refreshedAt = -Infinity;
    this.#settings.tokens.reset();
    this.#setState('connecting');
    this.#open();
  }

  /** @internal Sends a frame if a socket is open; false otherwise (it is re-sent on open). */
  send(frame: { type: string }): boolean {
    return this.#attempt?.send(frame) ?? false;
  }

  /**
   * @internal Closes for good, an opening waiting for its token included; nothing is delivered
   * afterwards. Resolves once the socket has closed, or was terminated when the server did not
   * finish the closing handshake within 250 ms.
   */
  async close(): Promise<void> {
    const closing = this.#halt();
    this.#setState('closed');
    this.#closedByUser = true; // silenced from here on
    this.#stopLifecycle?.();
    this.#settings.tokens.close();
    await closing;
  }

  /** @internal Nothing is delivered after `close()`, not even to the rest of a delivery's listeners. */
  protected override get silenced(): boolean {
    return this.#closedByUser;
  }

  /**
   * Starts an attempt, the planned one dropped. Called only while no attempt is in flight (one
   * opening at a time) and the connection is not `closed`.
   */
  #open(token: () => Promise<string | undefined> = () => this.#settings.tokens.get()): void {
    this.#plan.cancel();
    this.#retryChanged();
    const attempt = new SocketAttempt(this.#settings, {
      emit: (...event) => this.emit(...(event as ['open'])), // one of the connection's events
      // The first frame (the pong to our ping) proves the server kept the socket: it is open.
      verified: () => this.#setState('open'),
      // Only the attempt in flight ends by itself: one the connection let go ended quietly.
      end: (reason, fatal) => this.#ended(attempt, reason, fatal),
    });
    this.#attempt = attempt;
    attempt.start(token());
  }

  #ended(attempt: SocketAttempt, reason: number | Error, fatal?: boolean): void {
    this.#attempt = undefined;
    if (attempt.worked) this.#plan.reset();
    if (typeof reason !== 'number') {
      this.#log('the socket attempt failed', reason);
      if (fatal) this.#giveUp(reason);
      else this.#retry(reason);
      return;
    }
    const action = closeActionOf(reason);
    if (action === 'reconnect')
      this.#retry(new PartnerNetworkError(`The socket closed (${reason})`));
    else if (
      action === 'refresh-token' &&
      this.#settings.now() - this.#refreshedAt >= REFRESH_WINDOW_MS
    ) {
      this.#refreshedAt = this.#settings.now();
      this.#setState(
        'reconnecting',
        new PartnerNetworkError('The server refused the token (4401)'),
      );
      // Asked with `{ reason: 'refused', refusedToken }`; if that fails, the next attempt asks.
      this.#open(() => this.#settings.tokens.refresh(attempt.token));
    } else this.#giveUp(refusalOf(reason));
  }

  /** Plans the next attempt (none while offline); never called once `closed`. */
  #retry(reason?: Error): void {
    if (!this.#online) {
      this.#plan.cancel();
      this.#setState('suspended', reason); // until `online`
      return;
    }
    const suspended = this.#plan.schedule(() => this.#open());
    // Until a first connection worked the state stays `connecting`.
    const connecting = this.#state === 'connecting';
    this.#setState(suspended ? 'suspended' : connecting ? 'connecting' : 'reconnecting', reason);
  }

  #giveUp(error: Error): void {
    if (this.#state === 'closed') return;
    this.#log('connection closed for good', error);
    void this.#halt();
    this.#setState('closed', error);
    this.#stopLifecycle?.();
    this.emit('failure', error);
  }

  /** Drops the planned attempt and closes the one in flight; resolves once its socket closed. */
  #halt(): Promise<void> | undefined {
    this.#plan.cancel();
    const closing = this.#attempt?.close();
    this.#attempt = undefined;
    return closing;
  }

  #onLifecycle(signal: LifecycleSignal): void {
    if (this.#state === 'closed') return;
    const attempt = this.#attempt;
    if (signal === 'frozen') {
      // Closed cleanly (a page with an open socket is not kept), reopened on `foreground`.
      void this.#halt();
      this.#setState('suspended');
    } else if (signal === 'offline') {
      this.#online = false;
      if (attempt) attempt.drop('offline');
      else this.#retry();
    } else if (signal === 'online' || signal === 'foreground') {
      this.#online ||= signal === 'online';
      if (attempt) attempt.probe();
      else if (this.#online && CONNECTION_STATES[this.#state][0] === 'now') this.#open();
    }
  }

  /**
   * Changes the state (unless the table refuses it: it never lists a state after itself), the
   * retry plan already made for it; then tells `retrychange` of a new or dropped plan.
   */
  #setState(state: ConnectionState, reason?: Error): void {
    const previous = this.#state;
    if (reason) this.#lastError = reason;
    if (CONNECTION_STATES[previous].includes(state, 1)) {
      this.#state = state;
      const { retryInMs, attempt } = this.#plan;
      const change: ConnectionStateChange = { previous, reason, retryInMs, attempt };
      this.#settings.logger?.debug?.(`partner-assistant: connection ${state}`, {
        ...change,
        reason: reason && describe(reason),
      });
      this.emit('statechange', state, change);
    }
    this.#retryChanged();
  }

  /** Tells `retrychange` listeners of the plan, if it changed since they last heard. */
  #retryChanged(): void {
    const { at, retryInMs } = this.#plan;
    if (at === this.#toldAt) return;
    this.#toldAt = at;
    this.emit('retrychange', retryInMs);
  }

  #log(message: string, error: unknown): void {
    this.#settings.logger?.warn?.(`partner-assistant: ${message}`, {
      error: error instanceof Error ? error.name : typeof error,
    });
  }
}
