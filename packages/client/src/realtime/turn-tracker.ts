import type {
  Message,
  ReceivedMessage,
  ReceivedTurn as Turn,
  ReceivedTurnError as TurnError,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import { PartnerTurnError } from '../errors/partner-turn-error.ts';
import type { ListenerErrorReport } from '../internal/emitter.ts';
import { idKey } from '../internal/id-key.ts';
import { TurnStream } from './turn-stream.ts';

/** Where a turn stands, as its stream has seen it. */
export type TurnStreamStatus =
  | 'pending'
  | 'waiting'
  | 'queued'
  | 'running'
  | 'completed'
  | 'failed';

/** How a turn was brought back after the socket failed it: see `TurnStream`'s `recovered`. */
export type RecoveryPath = 'subscribe' | 'resend' | 'rest';

/** What a turn made of one event of its own: taken (`moved`), dropped as `old`, or a `gap` (nothing taken). */
export type Received = 'moved' | 'gap' | 'old';

/** The turn an event carries (`turn.accepted`, `turn.running`, `turn.snapshot`), if any. */
export function turnOf(event: TurnEvent): Turn | undefined {
  return event.type === 'turn.accepted' ||
    event.type === 'turn.running' ||
    event.type === 'turn.snapshot'
    ? event.turn
    : undefined;
}

/**
 * The exactly-once bookkeeping of one turn, without I/O, over events that passed the door: taken
 * in `seq` order and each once (a replayed or older `seq` is dropped; a jump ahead is reported as
 * a `gap`, to be mended by a snapshot); a `turn.snapshot` replaces the text seen so far, and the
 * part of it not yet seen is handed out as one delta, so the deltas a listener saw always add up
 * to the final answer. A turn that ends does so once: with its message, or with a typed error
 * (also when it says `completed` without a message). What it decides, it tells its stream, which
 * keeps the turn's status, text and label.
 */
export class TurnTracker {
  /** The stream that tells the app what happened, and keeps the turn's status, text and label. */
  readonly stream: TurnStream;
  /** The turn's id, once known. */
  turnId: string | undefined;
  /** How the turn was brought back after the socket failed it: told before its next change. */
  recovering: RecoveryPath | undefined;
  #lastSeq = 0;

  constructor(report?: ListenerErrorReport) {
    this.stream = new TurnStream(report);
  }

  /** True once the turn completed or failed. */
  get ended(): boolean {
    return this.stream.ended;
  }

  /** Takes the turn's id (and its user message's, when known), once: from an event, or over REST. */
  accepted(turnId: string, userMessageId?: string): void {
    // The id of a resumed turn is the app's, as given; the one that arrived is lower-cased.
    if (this.turnId !== undefined && idKey(this.turnId) === turnId) return;
    this.turnId = turnId;
    this.stream.accepted(turnId, userMessageId);
  }

  /** Takes one event of this turn: `old` when it is, a `gap` when it jumps ahead. */
  apply(event: TurnEvent): Received {
    const { stream } = this;
    if (this.ended || event.seq <= this.#lastSeq) return 'old';
    if (event.type !== 'turn.snapshot' && event.seq > this.#lastSeq + 1) return 'gap';
    this.#lastSeq = event.seq;
    this.#recovered();
    stream.heard(event);
    const turn = turnOf(event);
    if (turn) this.#identify(turn);
    switch (event.type) {
      case 'turn.accepted':
        stream.moved('queued');
        break;
      case 'turn.running':
        stream.moved('running');
        break;
      case 'assistant.status':
        stream.labelled(event.label);
        break;
      case 'assistant.delta':
        stream.grew(event.text);
        break;
      case 'assistant.completed':
        this.#complete(event.message);
        break;
      case 'assistant.error':
        this.#fail(event.error);
        break;
      case 'turn.snapshot':
        if (event.label !== null) stream.labelled(event.label);
        this.#catchUp(event.content);
        stream.caughtUp(event.content);
        this.#settle(event.turn);
    }
    return 'moved';
  }

  /** Takes the turn as read over REST (the fallback when the socket is away). */
  receivedTurn(turn: Turn): void {
    if (this.ended) return;
    if (turn.status !== this.stream.status) this.#recovered();
    this.#identify(turn);
    this.#settle(turn);
  }

  #recovered(): void {
    const via = this.recovering;
    this.recovering = undefined;
    if (via) this.stream.recovered(via);
  }

  #identify(turn: Turn): void {
    this.accepted(turn.turn_id, turn.user_message_id);
  }

  #settle(turn: Turn): void {
    const message = turn.assistant_message;
    if (turn.status === 'failed')
      this.#fail(turn.error ?? { message: 'The turn failed' }); // `processing_failed`, not retryable
    else if (turn.status !== 'completed') this.stream.moved(turn.status);
    else if (message) this.#complete(message);
    else this.#fail({ code: 'no_message', message: 'Completed without a message' });
  }

  /** Hands out the part of `content` not seen yet (text that diverged is replaced after). */
  #catchUp(content: string): void {
    const { text } = this.stream;
    if (content.startsWith(text) && content.length > text.length)
      this.stream.grew(content.slice(text.length));
  }

  /** Ends the turn with `message`, which names its turn (this one) when the server left it out. */
  #complete(received: ReceivedMessage): void {
    received.turn_id ??= idKey(this.turnId ?? '');
    const message = received as Message;
    this.#catchUp(message.content);
    this.stream.completed(message);
  }

  /** Fails the turn as every failure does: text voided, then `statechange('failed', error)`. */
  #fail(failure: TurnError): void {
    this.stream.fail(new PartnerTurnError({ ...failure, turnId: this.turnId ?? '' }));
  }
}
