import type {
  Location,
  MessageMetadata,
  ReceivedTurn as Turn,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import type { ListenerErrorReport } from '../internal/emitter.ts';
import { TurnStream } from './turn-stream.ts';
import { type RecoveryPath, type TurnNotice, TurnTracker } from './turn-tracker.ts';

/** The `user.message` frame of a turn sent over the socket. */
export interface UserMessageFrame {
  type: 'user.message';
  conversation_id: string;
  client_message_id: string;
  message: string;
  location?: Location | undefined;
  metadata?: MessageMetadata | undefined;
}

/**
 * A turn the chat follows until it ends: its stream, its bookkeeping, the counters its recovery
 * keeps, and the frame that resumes it on a new socket (the same `user.message` until the server
 * accepted it, `turn.subscribe` after). Sets no timers and does no I/O.
 */
export class ActiveTurn {
  readonly stream: TurnStream;
  readonly tracker: TurnTracker;
  readonly message: UserMessageFrame | undefined;
  /** When it was sent or resumed: its `turnTimeoutMs` counts from there. */
  readonly startedAt: number;
  /** Last time an event of this turn arrived, or it was (re)subscribed. */
  lastHeardAt: number;
  /** Idle periods in a row with nothing heard: the second sends it to REST. */
  idlePeriods = 0;
  /** Since when the turn waits for the socket without progress (unset while it progresses). */
  awaySince: number | undefined;
  /** Retryable refusals (`frame.rejected`) resent so far. */
  rejections = 0;
  /** The timer of the resend after a retryable refusal. */
  resendTimer: unknown;
  /** The turn's frame went out on a socket once: sending it again is a recovery. */
  sent = false;
  /** How the turn is being brought back, until it moves again. */
  recovering: RecoveryPath | undefined;
  /** Stops the REST polling of this turn, while it runs. */
  polling: AbortController | undefined;
  /** No request for it may leave yet (the journal is writing it down). */
  held = false;

  constructor(
    origin: { message: UserMessageFrame } | { turnId: string },
    now: number,
    report: ListenerErrorReport,
  ) {
    this.stream = new TurnStream(report);
    this.message = 'message' in origin ? origin.message : undefined;
    this.tracker = new TurnTracker();
    if ('turnId' in origin) this.accepted(origin.turnId);
    this.startedAt = this.lastHeardAt = now;
  }

  get ended(): boolean {
    return this.tracker.ended || this.stream.status === 'failed';
  }

  /** The frame that (re)starts following this turn on a fresh socket. */
  resumeFrame(): UserMessageFrame | { type: 'turn.subscribe'; turn_id: string } {
    const turnId = this.tracker.turnId;
    return turnId === undefined
      ? (this.message as UserMessageFrame)
      : { type: 'turn.subscribe', turn_id: turnId };
  }

  /** The question cannot leave (the API is unreachable): it waits, and its stream says so. */
  waiting(reason: Error | undefined): void {
    if (this.tracker.turnId === undefined && !this.ended)
      this.stream.deliver([{ kind: 'state', status: 'waiting', reason }]);
  }

  /** Its frame went out on an open socket. */
  sentOnSocket(): void {
    this.sent = true;
    if (this.stream.status === 'waiting')
      this.stream.deliver([{ kind: 'state', status: 'pending' }]);
  }

  /** Takes an event; returns true when a gap in `seq` asks for a resubscription. */
  receive(event: TurnEvent, now: number): boolean {
    this.lastHeardAt = now;
    this.idlePeriods = 0;
    const notices = this.tracker.apply(event);
    if (notices[0]?.kind === 'gap') return true;
    if (notices.length > 0) this.awaySince = undefined; // progress
    this.#deliver(notices);
    return false;
  }

  /** Takes the turn's id (and its user message's, when sent over REST), learnt over REST. */
  accepted(turnId: string, userMessageId?: string): void {
    if (this.tracker.turnId !== undefined) return;
    this.tracker.turnId = turnId;
    this.stream.deliver([{ kind: 'accepted', turnId, userMessageId }]);
  }

  /** Takes the turn as read over REST. */
  receiveTurn(turn: Turn): void {
    this.#deliver(this.tracker.applyTurn(turn));
  }

  #deliver(notices: TurnNotice[]): void {
    const via = this.recovering;
    if (via && notices.length > 0) {
      this.recovering = undefined;
      notices.unshift({ kind: 'recovered', via });
    }
    this.stream.deliver(notices);
  }
}
