import type {
  ReceivedServerEventOf as ServerEventOf,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import { isPartnerApiError, PartnerError, PartnerTimeoutError } from '@partner-assistant/sdk-core';
import { timerDelay } from '@partner-assistant/sdk-core/internal';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { CHAT_SEND } from '../validation/input-rules.ts';
import { check } from '../validation/request-checks.ts';
import { ActiveTurn } from './active-turn.ts';
import type { ChatSendInput, ChatSettings } from './chat-options.ts';
import { decide } from './recovery.ts';
import { rejectionOf } from './refusal.ts';
import { followOverRest } from './rest-follow.ts';
import { findTurn } from './turn-registry.ts';
import type { TurnStream } from './turn-stream.ts';
import { turnOf } from './turn-tracker.ts';

export type { ChatSendInput, ChatSettings } from './chat-options.ts';

/**
 * `client.chat`: questions and answers over the WebSocket. A turn is followed until it ends,
 * whatever happens to the socket: resent or resubscribed on every new socket, resubscribed when
 * it goes quiet, and read over REST when the socket does not deliver it (see `decide`). A
 * question the API cannot take yet waits for the network, until `turnTimeoutMs`.
 */
export class ChatResource {
  readonly #settings: ChatSettings;
  /**
   * Every turn followed, from the moment the app wrote it (or resumed it) until it settles, in the
   * order they are resent at each opening. Only the chat changes it: `#follow` adds, `#forget`
   * deletes; going through it while that may happen is going through a copy.
   */
  readonly #turns = new Set<ActiveTurn>();
  #timer: unknown;
  /** Set once the client is closed: what fails a turn followed from then on. */
  #closed: PartnerError | undefined;

  /** @internal */
  constructor(settings: ChatSettings) {
    this.#settings = settings;
    const { connection } = settings;
    connection.on('open', () => {
      for (const turn of [...this.#turns]) this.#resume(turn);
    });
    connection.on('frame', (event) => {
      if (event.type === 'frame.rejected') this.#rejected(event);
      else if (event.type !== 'pong') this.#route(event);
    });
    // An attempt is planned (after a drop, or a first connection that failed): questions wait.
    const waiting = (reason = connection.lastError) => {
      for (const turn of [...this.#turns]) turn.waiting(reason);
    };
    connection.on('retrychange', (ms) => ms !== undefined && waiting());
    connection.on('statechange', (state, { reason }) => {
      if (state === 'reconnecting' || state === 'suspended') waiting(reason);
      this.#check();
    });
    // A frame of the turn did not pass the door: read the turn over REST at once (as well).
    connection.on('skipped', (turnId) => this.#poll(findTurn(this.#turns, turnId)));
    connection.on('failure', (error) => this.#failAll(error));
  }

  /**
   * Sends a question over the WebSocket (connecting if needed) and returns its stream. While the
   * API is unreachable the question waits (status `waiting`) and leaves when the connection
   * returns, until `turnTimeoutMs`.
   * @throws {PartnerValidationError} At once, on a bad input; nothing is sent.
   * @example
   * ```ts
   * const stream = client.chat.send({ conversationId, message: 'How do I register to vote?' });
   * for await (const event of stream) console.log(event.type);
   * ```
   */
  send(input: ChatSendInput): TurnStream {
    if (this.#settings.validate) check({}, CHAT_SEND, input);
    const { conversationId, message, location, metadata } = input;
    const clientMessageId = input.clientMessageId ?? createClientMessageId();
    const followed = findTurn(this.#turns, clientMessageId);
    if (followed) return followed.stream;
    const question = { clientMessageId, conversationId, message, location, metadata };
    const turn = this.#follow({ question });
    if (turn.ended) return turn.stream;
    // Kept first, when a keeper is given (the outbox): nothing leaves before it is written down.
    const written = this.#settings.keeper?.written(question, turn.stream)?.catch(() => {});
    if (!written) this.#start(turn);
    else
      turn.hold(written, () => {
        // Followed (and resent at each opening) in the order the keeper let questions go.
        this.#turns.delete(turn);
        this.#turns.add(turn);
        this.#start(turn);
      });
    return turn.stream;
  }

  /**
   * Follows an existing turn (after an app restart, or one sent over REST): its stream starts
   * from a snapshot of everything so far; its `turnId` resolves at once. A turn already followed
   * gives the same stream.
   * @example
   * ```ts
   * const final = await client.chat.resume(savedTurnId).finalMessage();
   * ```
   */
  resume(turnId: string): TurnStream {
    if (this.#settings.validate) check({ turnId });
    const turn = findTurn(this.#turns, turnId) ?? this.#follow({ turnId });
    if (!turn.held && !turn.wasSent && !turn.ended) this.#start(turn);
    return turn.stream;
  }

  /** @internal Fails and forgets a question sent nowhere yet: false once any request for it left. */
  abandon(clientMessageId: string, error: Error): boolean {
    const turn = findTurn(this.#turns, clientMessageId);
    if (!turn) return true;
    if (turn.wasSent || !turn.question) return false;
    this.#forget(turn, error);
    return true;
  }

  /** @internal Ends every unfinished stream and timer. */
  close(): void {
    this.#closed = new PartnerError('The client is closed');
    this.#failAll(this.#closed);
  }

  /** A new turn, followed from now on (or failed at once when the client cannot follow it). */
  #follow(origin: ConstructorParameters<typeof ActiveTurn>[0]): ActiveTurn {
    const { connection, now, tokens, logger } = this.#settings;
    const turn = new ActiveTurn(origin, now(), connection.reportListenerError);
    // Set while the user is signed out (for REST or for the socket): streams fail with it at once.
    const refused = this.#closed ?? tokens.signedOut;
    if (refused) turn.stopped(refused);
    else {
      this.#turns.add(turn);
      turn.stream.on('recovered', (via) =>
        logger?.debug?.('partner-assistant: turn recovered', { via }),
      );
      // Ended (completed, failed, or stopped by the app): followed no more.
      turn.stream.on('statechange', () => turn.ended && this.#forget(turn));
    }
    return turn;
  }

  /**
   * Sends the turn's first frame (connecting if needed) and starts its clock. Asked while
   * `suspended` (offline: an attempt that fails plans no other), the question waits at once.
   */
  #start(turn: ActiveTurn): void {
    const { connection } = this.#settings;
    if (connection.state === 'suspended') turn.waiting(connection.lastError);
    connection.connect();
    this.#resume(turn);
    this.#check();
  }

  #resume(turn: ActiveTurn): void {
    if (turn.held) return;
    if (this.#settings.connection.send(turn.resending(this.#settings.now()))) turn.sent();
  }

  #route(event: TurnEvent): void {
    // By its question first: a question sent again while its turn, found in the history, is
    // resumed by id beside it is accepted at once, not left waiting.
    const turn = findTurn(this.#turns, turnOf(event)?.client_message_id, event.turn_id);
    if (!turn) return;
    if (turn.received(event, this.#settings.now()) === 'gap') this.#resume(turn);
  }

  #rejected(event: ServerEventOf<'frame.rejected'>): void {
    const turn = findTurn(this.#turns, event.turn_id, event.client_message_id);
    if (!turn) return;
    const { timers, backoff, maxRetries } = this.#settings;
    const rejections = turn.refused();
    if (event.error.retryable && rejections <= maxRetries) {
      turn.resend(timers.setTimeout(() => this.#resume(turn), backoff(rejections)));
      return;
    }
    this.#refused(turn, rejectionOf(event));
  }

  /** Applies the recovery's decisions for every turn, now; sets the timer for the next ones. */
  #check(): void {
    const { timers, now, connection } = this.#settings;
    timers.clearTimeout(this.#timer);
    const at = now();
    const open = connection.state === 'open';
    const turns = [...this.#turns];
    // The socket is not open: each turn waits for it since now, unless it already did.
    if (!open) for (const turn of turns) turn.away(at);
    // Each decision is a kind and its turn, or `wait` and the delay before the next check.
    for (const [kind, turn] of decide(turns, at, open, this.#settings)) {
      if (kind === 'wait') this.#timer = timers.setTimeout(() => this.#check(), timerDelay(turn));
      else if (turn.ended) continue;
      else if (kind === 'expire')
        this.#forget(turn, new PartnerTimeoutError(this.#settings.turnTimeoutMs));
      else if (kind === 'poll') this.#poll(turn);
      else {
        turn.idle();
        this.#resume(turn);
      }
    }
  }

  /**
   * Follows `turn` (if followed) over REST, once at a time, then applies how that ended (a turn
   * that ended is forgotten as it ends, which stops its polling).
   */
  #poll(turn: ActiveTurn | undefined): void {
    if (!turn || turn.polling) return;
    const signal = turn.poll();
    void followOverRest(turn, this.#settings, signal).then(([kind, error]) => {
      if (signal.aborted) return;
      turn.stopped();
      if (kind === 'waiting') turn.waiting(error, this.#settings.now());
      else if (kind === 'failed') this.#refused(turn, error);
      this.#check();
    });
  }

  /** The API (or the REST follow) ended `turn` with `error`: the keeper hears of a refusal. */
  #refused(turn: ActiveTurn, error: Error): void {
    this.#forget(turn, error);
    // An API error, for good or retryable (the chat gave up resending it); the keeper no longer
    // keeps a question the API accepted. A closed client, a timeout or a connection refused for
    // good (a token without `chat:read`...) is not: the question may be sent again later.
    const { question } = turn;
    if (question && isPartnerApiError(error))
      this.#settings.keeper?.refused(question.clientMessageId, error);
  }

  /** Stops following `turn`, with its timers and polling; fails its stream with `error`, if given. */
  #forget(turn: ActiveTurn, error?: Error): void {
    this.#settings.timers.clearTimeout(turn.stopped(error));
    this.#turns.delete(turn);
    if (this.#turns.size === 0) this.#settings.timers.clearTimeout(this.#timer);
  }

  #failAll(error: Error): void {
    for (const turn of [...this.#turns]) this.#forget(turn, error);
  }
}
