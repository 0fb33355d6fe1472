import type {
  Location,
  MessageMetadata,
  ReceivedServerEventOf as ServerEventOf,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import { API_ERROR_CODES, type ApiErrorCode } from '@partner-assistant/contract/constants';
import { PartnerApiError, PartnerError } from '@partner-assistant/sdk-core';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { idKey } from '../internal/id-key.ts';
import { checkId, checkSendMessage } from '../validation/request-checks.ts';
import { ActiveTurn, type UserMessageFrame } from './active-turn.ts';
import type { Connection } from './connection.ts';
import type { PendingQuestion, QuestionJournal } from './question-journal.ts'; // journal:
import { Recovery, type RecoverySettings } from './recovery.ts';
import type { TurnStream } from './turn-stream.ts';
import { turnOf } from './turn-tracker.ts';

/** Input of {@link ChatResource.send}. */
export interface ChatSendInput {
  /** The conversation to ask in. */
  conversationId: string;
  /** The user's question. */
  message: string;
  /** Where the question is asked from (`city`, `commune`, `postal_code`...). */
  location?: Location;
  /** Your app's platform and version, for diagnostics. */
  metadata?: MessageMetadata;
  /** Idempotency key; generated when absent and reused by every resend, so one turn is created. */
  clientMessageId?: string;
}

/** What the chat needs besides the connection. */
export interface ChatSettings
  extends Omit<RecoverySettings, 'isOpen' | 'resubscribe' | 'forget' | 'accepted'> {
  connection: Connection;
  validate: boolean;
  journal?: QuestionJournal | undefined; // journal:
}

/**
 * `client.chat`: questions and answers over the WebSocket. A turn is followed until it ends,
 * whatever happens to the socket: resent or resubscribed on every new socket, resubscribed when
 * it goes quiet, and read over REST when the socket does not deliver it (see `Recovery`).
 */
export class ChatResource {
  readonly #settings: ChatSettings;
  /**
   * Unfinished turns, by turn id once known (lower-cased, as ids arrive from the door), by
   * `client_message_id` (as given) before.
   */
  readonly #active = new Map<string, ActiveTurn>();
  readonly #recovery: Recovery;
  #closed = false;

  /** @internal */
  constructor(settings: ChatSettings) {
    this.#settings = settings;
    const { connection } = settings;
    this.#recovery = new Recovery(
      {
        ...settings,
        isOpen: () => connection.state === 'open',
        resubscribe: (turn) => this.#resume(turn),
        forget: (turn) => this.#forget(turn),
        accepted: (turn, turnId, userMessageId) => this.#index(turn, turnId, userMessageId),
      },
      () => this.#active.values(),
    );
    connection.on('open', () => {
      for (const turn of this.#active.values()) this.#resume(turn);
    });
    connection.on('frame', (event) => {
      if (event.type === 'frame.rejected') this.#rejected(event);
      else if (event.type !== 'pong') this.#route(event);
    });
    connection.on('statechange', () => this.#recovery.check());
    // A frame of the turn did not pass the door: read the turn over REST at once (as well).
    connection.on('skipped', (turnId) => {
      const turn = this.#active.get(turnId);
      if (turn) void this.#recovery.poll(turn);
    });
    connection.on('failure', (error) => this.#failAll(error));
  }

  /**
   * Sends a question over the WebSocket (connecting if needed; queued while disconnected) and
   * returns its stream.
   * @throws {PartnerValidationError} At once, on a bad input; nothing is sent.
   * @example
   * ```ts
   * const stream = client.chat.send({ conversationId, message: 'How do I register to vote?' });
   * for await (const event of stream) console.log(event.type);
   * ```
   */
  send(input: ChatSendInput): TurnStream {
    if (this.#settings.validate) checkSendMessage(input?.conversationId, input, 'chat');
    const message = {
      type: 'user.message' as const,
      conversation_id: input.conversationId,
      client_message_id: input.clientMessageId ?? createClientMessageId(),
      message: input.message,
      location: input.location,
      metadata: input.metadata,
    };
    if (this.#settings.journal) return this.#journaled(this.#settings.journal, message); // journal:
    return this.#follow(message.client_message_id, { message });
  }

  /**
   * Follows an existing turn (after an app restart, or one sent over REST): its stream starts
   * from a snapshot of everything so far; its `turnId` resolves at once.
   * @example
   * ```ts
   * const final = await client.chat.resume(savedTurnId).finalMessage();
   * ```
   */
  resume(turnId: string): TurnStream {
    if (this.#settings.validate) checkId('turnId', turnId);
    return this.#follow(idKey(turnId), { turnId });
  }

  /** @internal Ends every unfinished stream and timer. */
  close(): void {
    this.#closed = true;
    this.#failAll(new PartnerError('The client was closed before the turn ended'));
  }

  #follow(
    key: string,
    origin: ConstructorParameters<typeof ActiveTurn>[0],
    written?: ActiveTurn, // journal:
  ): TurnStream {
    const { connection, now } = this.#settings;
    const turn = written ?? new ActiveTurn(origin, now(), connection.reportListenerError); // journal: `written ??`
    const refused = this.#closed ? new PartnerError('The client is closed') : connection.signedOut;
    if (refused) {
      turn.stream.fail(refused);
      return turn.stream;
    }
    this.#active.set(key, turn);
    turn.stream.on('recovered', (via) => connection.debug('turn recovered', { via }));
    connection.connect();
    this.#resume(turn);
    this.#recovery.check();
    return turn.stream;
  }

  // journal: the whole method. The question is written down before anything for it leaves; the
  // journal hears when its turn is accepted, and when its stream fails.
  #journaled(journal: QuestionJournal, message: UserMessageFrame): TurnStream {
    const { connection, now } = this.#settings;
    const key = message.client_message_id;
    const turn = new ActiveTurn({ message }, now(), connection.reportListenerError);
    turn.stream.on('accepted', () => journal.accepted(key, turn.stream)); // journal:
    turn.stream.on('error', (error) => journal.refused(key, error)); // journal:
    const { conversation_id: conversationId, location, metadata } = message;
    const createdAt = new Date(now()).toISOString();
    Promise.resolve()
      .then(
        () =>
          journal.written({
            clientMessageId: key,
            conversationId,
            message: message.message,
            location,
            metadata,
            createdAt,
          } as PendingQuestion), // journal:
      )
      .then(
        () => this.#follow(key, { message }, turn),
        (error: Error) => turn.stream.fail(error),
      );
    return turn.stream;
  }

  #resume(turn: ActiveTurn): void {
    const frame = turn.resumeFrame();
    turn.lastHeardAt = this.#settings.now();
    if (turn.sent) turn.recovering ??= frame.type === 'user.message' ? 'resend' : 'subscribe';
    if (this.#settings.connection.send(frame)) turn.sent = true;
  }

  #route(event: TurnEvent): void {
    const turn =
      this.#active.get(event.turn_id) ?? this.#active.get(turnOf(event)?.client_message_id ?? '');
    if (!turn) return;
    if (turn.receive(event, this.#settings.now())) this.#resume(turn);
    if (turn.ended) this.#forget(turn);
    else if (turn.tracker.turnId !== undefined) this.#index(turn, turn.tracker.turnId);
  }

  /** Files a turn under its id, once the server gave it one. */
  #index(turn: ActiveTurn, turnId: string, userMessageId?: string): void {
    turn.accepted(turnId, userMessageId);
    const key = idKey(turnId);
    if (this.#active.get(key) === turn) return;
    this.#forget(turn, false);
    this.#active.set(key, turn);
  }

  #rejected(event: ServerEventOf<'frame.rejected'>): void {
    const key = event.turn_id ?? event.client_message_id;
    const turn = key === undefined ? undefined : this.#active.get(key);
    if (!turn) return;
    const { code, message, retryable, request_id: requestId } = event.error;
    const { timers, backoff, maxRetries } = this.#settings;
    const rejections = ++turn.rejections;
    if (retryable && rejections <= maxRetries) {
      turn.resendTimer = timers.setTimeout(() => this.#resume(turn), backoff(rejections));
      return;
    }
    const status = API_ERROR_CODES[code as ApiErrorCode]?.status ?? 400;
    turn.stream.fail(new PartnerApiError({ status, code, message, retryable, requestId }));
    this.#forget(turn);
  }

  /** Stops following `turn` (`ended`: for good, with its timers and polling). */
  #forget(turn: ActiveTurn, ended = true): void {
    for (const [key, value] of this.#active) if (value === turn) this.#active.delete(key);
    if (!ended) return;
    turn.polling?.abort();
    this.#settings.timers.clearTimeout(turn.resendTimer);
    this.#recovery.check();
  }

  #failAll(error: Error): void {
    for (const turn of [...this.#active.values()]) {
      turn.stream.fail(error);
      this.#forget(turn);
    }
  }
}
