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
import {
  type RecoveryPath,
  TurnStream,
  type TurnStreamStatus,
  type TurnStreamWriter,
} from './turn-stream.ts';

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
 * keeps the turn's status, text and label, through the stream's one writer, which only it holds.
 */
export class TurnTracker {
  /** The stream that tells the app what happened, and keeps the turn's status, text and label. */
  readonly stream: TurnStream;
  #write!: TurnStreamWriter;
  #turnId: string | undefined;
  /** How the turn was brought back after the socket failed it: told before its next change. */
  #recovering: RecoveryPath | undefined;
  #lastSeq = 0;

  constructor(report?: ListenerErrorReport) {
    this.stream = new TurnStream(report, (writer) => (this.#write = writer));
  }

  /** The turn's id, once known. */
  get turnId(): string | undefined {
    return this.#turnId;
  }

  /**
   * The turn is being brought back by `via` after the socket failed it, which its stream tells
   * before the turn's next change; `unlessAlready`: keeps the way already under way, if any.
   */
  recovering(via: RecoveryPath, unlessAlready?: boolean): void {
    if (!unlessAlready || !this.#recovering) this.#recovering = via;
  }

  /** The turn's status changed outside its events (it waits for the network, or leaves again). */
  moved(status: TurnStreamStatus, reason?: Error): void {
    this.#write.moved(status, reason);
  }

  /** Ends the turn's stream with `error`, unless it has already ended. */
  fail(error: Error): void {
    this.#write.fail(error);
  }

  /** True once the turn completed or failed. */
  get ended(): boolean {
    return this.stream.ended;
  }

  /** Takes the turn's id (and its user message's, when known), once: from an event, or over REST. */
  accepted(turnId: string, userMessageId?: string): void {
    // The id of a resumed turn is the app's, as given; the one that arrived is lower-cased.
    if (this.#turnId !== undefined && idKey(this.#turnId) === turnId) return;
    this.#turnId = turnId;
    this.#write.accepted(turnId, userMessageId);
  }

  /** Takes one event of this turn: `old` when it is, a `gap` when it jumps ahead. */
  apply(event: TurnEvent): Received {
    const stream = this.#write;
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
    const via = this.#recovering;
    this.#recovering = undefined;
    if (via) this.#write.recovered(via);
  }

  #identify(turn: Turn): void {
    this.accepted(turn.turn_id, turn.user_message_id);
  }

  #settle(turn: Turn): void {
    const message = turn.assistant_message;
    if (turn.status === 'failed')
      this.#fail(turn.error ?? { message: 'The turn failed' }); // `processing_failed`, not retryable
    else if (turn.status !== 'completed') this.#write.moved(turn.status);
    else if (message) this.#complete(message);
    else this.#fail({ code: 'no_message', message: 'Completed without a message' });
  }

  /** Hands out the part of `content` not seen yet (text that diverged is replaced after). */
  #catchUp(content: string): void {
    const { text } = this.stream;
    if (content.startsWith(text) && content.length > text.length)
      this.#write.grew(content.slice(text.length));
  }

  /** Ends the turn with `message`, which names its turn (this one) when the server left it out. */
  #complete(received: ReceivedMessage): void {
    received.turn_id ??= idKey(this.#turnId ?? '');
    const message = received as Message;
    this.#catchUp(message.content);
    this.#write.completed(message);
  }

  /** Fails the turn as every failure does: text voided, then `statechange('failed', error)`. */
  #fail(failure: TurnError): void {
    this.#write.fail(new PartnerTurnError({ ...failure, turnId: this.#turnId ?? '' }));
  }
}
