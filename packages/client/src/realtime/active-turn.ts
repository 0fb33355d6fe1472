import type { Location, MessageMetadata, Turn } from '@partner-assistant/contract';
import { PartnerTurnError } from '../errors/partner-turn-error.ts';
import { isSequenced, type ServerFrame } from './frame-reader.ts';
import { TurnStream } from './turn-stream.ts';
import { type TurnNotice, TurnTracker } from './turn-tracker.ts';

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
 * A turn the chat follows until it ends: its stream, its bookkeeping, and the frame that resumes
 * it on a new socket (the same `user.message` until the server accepted it, `turn.subscribe`
 * after). Holds no timers and does no I/O.
 */
export class ActiveTurn {
  readonly stream = new TurnStream();
  readonly tracker: TurnTracker;
  readonly message: UserMessageFrame | undefined;
  /** Last time an event of this turn arrived, or it was (re)subscribed. */
  lastHeardAt: number;
  /** Idle periods in a row with nothing heard: the second sends it to REST. */
  idlePeriods = 0;
  /** Retryable refusals (`frame.rejected`) resent so far. */
  rejections = 0;
  /** Stops the REST polling of this turn, while it runs. */
  polling: AbortController | undefined;

  constructor(origin: { message: UserMessageFrame } | { turnId: string }, now: number) {
    this.message = 'message' in origin ? origin.message : undefined;
    this.tracker = new TurnTracker('turnId' in origin ? origin.turnId : undefined);
    this.lastHeardAt = now;
  }

  get ended(): boolean {
    return this.tracker.ended || this.stream.status === 'failed';
  }

  /** The frame that (re)starts following this turn on a fresh socket. */
  resumeFrame(): object {
    const turnId = this.tracker.turnId;
    if (turnId !== undefined) return { type: 'turn.subscribe', turn_id: turnId };
    return this.message as UserMessageFrame;
  }

  /** Takes a frame; returns true when a gap in `seq` asks for a resubscription. */
  receive(frame: ServerFrame, now: number): boolean {
    this.lastHeardAt = now;
    this.idlePeriods = 0;
    const notices = this.tracker.apply(frame, isSequenced(frame));
    if (notices.some((notice) => notice.kind === 'gap')) return true;
    this.#deliver(notices);
    return false;
  }

  /** Takes the turn as read over REST. */
  receiveTurn(turn: Turn): void {
    this.#deliver(this.tracker.applyTurn(turn));
  }

  #deliver(notices: TurnNotice[]): void {
    const { tracker } = this;
    this.stream.deliver(notices, tracker.status, tracker.text, () => {
      const failure = notices.find((notice) => notice.kind === 'failed');
      const detail = failure?.kind === 'failed' ? failure.failure : { message: 'The turn failed' };
      return new PartnerTurnError({ ...detail, turnId: tracker.turnId ?? '' });
    });
  }
}
