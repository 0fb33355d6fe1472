import type {
  Location,
  MessageMetadata,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import type { ListenerErrorReport } from '../internal/emitter.ts';
import type { Question } from './question-keeper.ts';
import { type Received, TurnTracker } from './turn-tracker.ts';

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
 * One followed turn, from the moment the app wrote it (or resumed it) until it settles: a
 * {@link TurnTracker} (its stream and the exactly-once bookkeeping of its events, whose writer
 * stays the tracker's own) with what its recovery needs to know. Owns all of it: others read it,
 * and tell it what happened through the methods named for that (`sent`, `held`, `refused`,
 * `received`, `away`...). Sets no timers, does no I/O.
 */
export class ActiveTurn extends TurnTracker {
  /** What the app asked, unless the turn was resumed by id. */
  readonly question: Question | undefined;
  /** When it was sent or resumed: its `turnTimeoutMs` counts from there. */
  readonly startedAt: number;
  #heardAt: number;
  #idles = 0;
  #awayAt: number | undefined;
  #held = false;
  #wasSent = false;
  #resendTimer: unknown;
  #rejections = 0;
  #polling: AbortController | undefined;

  constructor(
    origin: { question: Question } | { turnId: string },
    now: number,
    report: ListenerErrorReport,
  ) {
    super(report);
    this.question = 'question' in origin ? origin.question : undefined;
    if ('turnId' in origin) this.accepted(origin.turnId);
    this.startedAt = this.#heardAt = now;
  }

  /** Last time an event of this turn arrived, or it was (re)subscribed. */
  get heardAt(): number {
    return this.#heardAt;
  }

  /** Idle periods in a row with nothing heard: the second sends it to REST. */
  get idles(): number {
    return this.#idles;
  }

  /** Since when the turn waits for the socket without progress (unset while it progresses). */
  get awayAt(): number | undefined {
    return this.#awayAt;
  }

  /** Nothing may leave for it yet while set (its keeper is writing it down). */
  get held(): boolean {
    return this.#held;
  }

  /** A request for it left once: its frame on a socket, or its REST send. */
  get wasSent(): boolean {
    return this.#wasSent;
  }

  /** Followed over REST right now. */
  get polling(): boolean {
    return this.#polling !== undefined;
  }

  /** Nothing leaves for it until `until` settles (its keeper writes it down); then `go`, unless it ended. */
  hold(until: Promise<void>, go: () => void): void {
    this.#held = true;
    void until.then(() => {
      this.#held = false;
      if (!this.ended) go();
    });
  }

  /** Its frame is about to leave (again): the frame, and the silence clock restarted. */
  resending(now: number): ResumeFrame {
    this.#heardAt = now;
    const { turnId } = this;
    if (this.#wasSent) this.recovering(turnId === undefined ? 'resend' : 'subscribe', true);
    if (turnId !== undefined) return { type: 'turn.subscribe', turn_id: turnId };
    const { conversationId, clientMessageId, message, location, metadata } = this
      .question as Question;
    return {
      type: 'user.message',
      ...{ conversation_id: conversationId, client_message_id: clientMessageId },
      ...{ message, location, metadata },
    };
  }

  /**
   * Its frame went out on an open socket, or (`overRest`) its question leaves over REST: the
   * request may reach the API, too late to abandon it.
   */
  sent(overRest?: boolean): void {
    this.#wasSent = true;
    if (!overRest && this.stream.status === 'waiting') this.moved('pending');
  }

  /**
   * The question cannot leave (the API is unreachable): it waits, and its stream says so; `since`:
   * from when it waits for the socket again (REST gave up on it for now).
   */
  waiting(reason: Error | undefined, since?: number): void {
    if (this.turnId === undefined) this.moved('waiting', reason);
    if (since !== undefined) this.#awayAt = since;
  }

  /** The socket is not open: the turn waits for it since `at`, unless it already did. */
  away(at: number): void {
    this.#awayAt ??= at;
  }

  /** It was silent for a whole idle period and is asked for again. */
  idle(): void {
    this.#idles++;
  }

  /** The server refused its frame (`frame.rejected`): how many times it did so far. */
  refused(): number {
    return ++this.#rejections;
  }

  /** Its frame leaves again when `timer` (set by the chat after a retryable refusal) fires. */
  resend(timer: unknown): void {
    this.#resendTimer = timer;
  }

  /** Its REST polling starts: the signal that stops it. */
  poll(): AbortSignal {
    this.#polling = new AbortController();
    this.recovering('rest');
    return this.#polling.signal;
  }

  /**
   * What it was doing stops: its REST polling, if any, and with `error` its stream (it cannot be
   * followed). Returns the timer of its resend after a refusal, for whoever stops following it.
   */
  stopped(error?: Error): unknown {
    if (error) this.fail(error);
    this.#polling?.abort();
    this.#polling = undefined;
    return this.#resendTimer;
  }

  /** Takes an event of its own, heard at `now`. */
  received(event: TurnEvent, now: number): Received {
    this.#heardAt = now;
    this.#idles = 0;
    const received = this.apply(event);
    if (received === 'moved') this.#awayAt = undefined; // progress
    return received;
  }
}
