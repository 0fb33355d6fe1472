import type {
  Location,
  MessageMetadata,
  ReceivedServerEventOf as ServerEventOf,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import { API_ERROR_CODES, type ApiErrorCode } from '@partner-assistant/contract/constants';
import { PartnerApiError, PartnerError } from '@partner-assistant/sdk-core';
import { createClientMessageId } from '../internal/client-message-id.ts';
import { checkId, checkSendMessage } from '../validation/request-checks.ts';
import { ActiveTurn, type UserMessageFrame } from './active-turn.ts';
import type { Connection } from './connection.ts';
import { memoryOnlyJournal, type QuestionJournal } from './question-journal.ts';
import { Recovery, type RecoverySettings } from './recovery.ts';
import { TurnRegistry } from './turn-registry.ts';
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
  /**
   * Idempotency key; generated when absent and reused by every resend, so one turn is created.
   * Sending again with the key of a question still followed returns that question's stream.
   */
  clientMessageId?: string;
}

/** What the chat needs besides the connection. */
export interface ChatSettings
  extends Omit<RecoverySettings, 'isOpen' | 'resubscribe' | 'forget' | 'accepted'> {
  connection: Connection;
  validate: boolean;
  /** Told of each question written, accepted or refused. @default memoryOnlyJournal */
  journal?: QuestionJournal;
}

/**
 * `client.chat`: questions and answers over the WebSocket. A turn is followed until it ends,
 * whatever happens to the socket: resent or resubscribed on every new socket, resubscribed when
 * it goes quiet, and read over REST when the socket does not deliver it (see `Recovery`).
 */
export class ChatResource {
  readonly #settings: ChatSettings;
  /** Every unsettled turn. */
  readonly #turns = new TurnRegistry();
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
        accepted: (turn, turnId, userMessageId) => turn.accepted(turnId, userMessageId),
      },
      () => this.#turns.list(),
    );
    connection.on('open', () => {
      for (const turn of this.#turns.list()) this.#resume(turn);
    });
    connection.on('frame', (event) => {
      if (event.type === 'frame.rejected') this.#rejected(event);
      else if (event.type !== 'pong') this.#route(event);
    });
    connection.on('statechange', (state, { reason }) => {
      if (state === 'reconnecting' || state === 'suspended')
        for (const turn of this.#turns.list()) turn.waiting(reason);
      this.#recovery.check();
    });
    // A frame of the turn did not pass the door: read the turn over REST at once (as well).
    connection.on('skipped', (turnId) => {
      const turn = this.#turns.find(turnId);
      if (turn) void this.#recovery.poll(turn);
    });
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
    if (this.#settings.validate) checkSendMessage(input?.conversationId, input, 'chat');
    const { conversationId, message: text, location, metadata } = input;
    const clientMessageId = input.clientMessageId ?? createClientMessageId();
    const followed = this.#turns.find(clientMessageId);
    if (followed) return followed.stream;
    const message: UserMessageFrame = {
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: clientMessageId,
      message: text,
      location,
      metadata,
    };
    const turn = this.#follow({ message });
    if (turn.ended) return turn.stream;
    const journal = this.#settings.journal ?? memoryOnlyJournal;
    turn.stream.on('accepted', () => journal.accepted(clientMessageId, turn.stream));
    turn.stream.on('error', (error) => {
      if (error instanceof PartnerApiError && !error.retryable && turn.tracker.turnId === undefined)
        journal.refused(clientMessageId, error);
    });
    const createdAt = new Date(this.#settings.now()).toISOString();
    let written: Promise<void> | void;
    try {
      written = journal.written({
        clientMessageId,
        conversationId,
        message: text,
        location,
        metadata,
        createdAt,
      });
    } catch (error) {
      written = Promise.reject(error);
    }
    if (!written) this.#start(turn);
    else {
      turn.held = true;
      const go = () => {
        turn.held = false;
        if (!turn.ended) this.#start(turn);
      };
      written.then(go, (error: unknown) => {
        this.#settings.connection.debug('question not journaled', { error: String(error) });
        go();
      });
    }
    return turn.stream;
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
    const turn = this.#turns.find(turnId) ?? this.#follow({ turnId });
    if (!turn.held && !turn.sent && !turn.ended) this.#start(turn);
    return turn.stream;
  }

  /** @internal Ends every unfinished stream and timer. */
  close(): void {
    this.#closed = true;
    this.#failAll(new PartnerError('The client was closed before the turn ended'));
  }

  /** A new turn, followed from now on (or failed at once when the client cannot follow it). */
  #follow(origin: ConstructorParameters<typeof ActiveTurn>[0]): ActiveTurn {
    const { connection, now } = this.#settings;
    const turn = new ActiveTurn(origin, now(), connection.reportListenerError);
    const refused = this.#closed ? new PartnerError('The client is closed') : connection.signedOut;
    if (refused) turn.stream.fail(refused);
    else {
      this.#turns.add(turn);
      turn.stream.on('recovered', (via) => connection.debug('turn recovered', { via }));
    }
    return turn;
  }

  /** Sends the turn's first frame (connecting if needed) and starts its clock. */
  #start(turn: ActiveTurn): void {
    this.#settings.connection.connect();
    this.#resume(turn);
    this.#recovery.check();
  }

  #resume(turn: ActiveTurn): void {
    if (turn.held) return;
    const frame = turn.resumeFrame();
    turn.lastHeardAt = this.#settings.now();
    if (turn.sent) turn.recovering ??= frame.type === 'user.message' ? 'resend' : 'subscribe';
    if (this.#settings.connection.send(frame)) turn.sentOnSocket();
  }

  #route(event: TurnEvent): void {
    const turn =
      this.#turns.find(event.turn_id) ?? this.#turns.find(turnOf(event)?.client_message_id);
    if (!turn) return;
    if (turn.receive(event, this.#settings.now())) this.#resume(turn);
    if (turn.ended) this.#forget(turn);
  }

  #rejected(event: ServerEventOf<'frame.rejected'>): void {
    const turn = this.#turns.find(event.turn_id) ?? this.#turns.find(event.client_message_id);
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

  /** Stops following `turn`, with its timers and polling. */
  #forget(turn: ActiveTurn): void {
    this.#turns.delete(turn);
    turn.polling?.abort();
    this.#settings.timers.clearTimeout(turn.resendTimer);
    this.#recovery.check();
  }

  #failAll(error: Error): void {
    for (const turn of this.#turns.list()) {
      turn.stream.fail(error);
      this.#forget(turn);
    }
  }
}
