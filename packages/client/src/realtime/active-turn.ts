import type {
  Location,
  MessageMetadata,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import type { ListenerErrorReport } from '../internal/emitter.ts';
import type { PendingQuestion } from './question-journal.ts';
import { type Received, TurnTracker } from './turn-tracker.ts';

/** A question the app wrote, as the chat keeps it until its turn settles (no empty options). */
export type Question = Omit<PendingQuestion, 'createdAt'>;

/** The `user.message` frame of a turn sent over the socket. */
export interface UserMessageFrame {
  type: 'user.message';
  conversation_id: string;
  client_message_id: string;
  message: string;
  location?: Location | undefined;
  metadata?: MessageMetadata | undefined;
}

/** The frame that (re)starts following a turn on a socket. */
export type ResumeFrame = UserMessageFrame | { type: 'turn.subscribe'; turn_id: string };

/**
 * One followed turn, from the moment the app wrote it (or resumed it) until it settles: its
 * stream and its bookkeeping (a {@link TurnTracker}), and what its recovery needs to know. What
 * needs more than a write goes through the methods named for what happened (`sent`, `accepted`,
 * `received`, `waiting`...); its plain fields are written by the chat. Sets no timers, does
 * no I/O.
 */
export class ActiveTurn extends TurnTracker {
  /** What the app asked, unless the turn was resumed by id. */
  readonly question: Question | undefined;
  /** When it was sent or resumed: its `turnTimeoutMs` counts from there. */
  readonly startedAt: number;
  /** Last time an event of this turn arrived, or it was (re)subscribed. */
  lastHeardAt: number;
  /** Idle periods in a row with nothing heard: the second sends it to REST. */
  idlePeriods = 0;
  /** Since when the turn waits for the socket without progress (unset while it progresses). */
  awaySince: number | undefined;
  /** Nothing may leave for it yet while set (the journal is writing it down). */
  held = false;
  /** A request for it left once: its frame on a socket, or its REST send. */
  wasSent = false;
  /** The timer of the resend after a retryable refusal, if any. */
  resendTimer: unknown;
  /** Times the server refused its frame (`frame.rejected`). */
  rejections = 0;
  #polling: AbortController | undefined;

  constructor(
    origin: { question: Question } | { turnId: string },
    now: number,
    report: ListenerErrorReport,
  ) {
    super(report);
    this.question = 'question' in origin ? origin.question : undefined;
    if ('turnId' in origin) this.accepted(origin.turnId);
    this.startedAt = this.lastHeardAt = now;
  }

  /** Followed over REST right now. */
  get polling(): boolean {
    return this.#polling !== undefined;
  }

  /** Its frame is about to leave (again): the frame, and the silence clock restarted. */
  resending(now: number): ResumeFrame {
    this.lastHeardAt = now;
    const { turnId } = this;
    if (this.wasSent) this.recovering ??= turnId === undefined ? 'resend' : 'subscribe';
    if (turnId !== undefined) return { type: 'turn.subscribe', turn_id: turnId };
    const { conversationId, clientMessageId, message, location, metadata } = this
      .question as Question;
    return {
      type: 'user.message',
      ...{ conversation_id: conversationId, client_message_id: clientMessageId },
      ...{ message, location, metadata },
    };
  }

  /** Its frame went out on an open socket. */
  sent(): void {
    this.wasSent = true;
    if (this.stream.status === 'waiting') this.stream.moved('pending');
  }

  /** The question cannot leave (the API is unreachable): it waits, and its stream says so. */
  waiting(reason: Error | undefined): void {
    if (this.turnId === undefined) this.stream.moved('waiting', reason);
  }

  /** Its REST polling starts: the signal that stops it. */
  pollStarted(): AbortSignal {
    this.#polling = new AbortController();
    this.recovering = 'rest';
    return this.#polling.signal;
  }

  /** Its REST polling stopped (or is to stop). */
  pollStopped(): void {
    this.#polling?.abort();
    this.#polling = undefined;
  }

  /** Takes an event of its own, heard at `now`. */
  received(event: TurnEvent, now: number): Received {
    this.lastHeardAt = now;
    this.idlePeriods = 0;
    const received = this.apply(event);
    if (received === 'moved') this.awaySince = undefined; // progress
    return received;
  }
}
