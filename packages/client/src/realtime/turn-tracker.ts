import type {
  Message,
  ReceivedMessage,
  ReceivedTurn as Turn,
  ReceivedTurnError as TurnError,
  ReceivedTurnEvent as TurnEvent,
} from '@partner-assistant/contract';
import { PartnerTurnError } from '../errors/partner-turn-error.ts';
import { idKey } from '../internal/id-key.ts';

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

/**
 * What the stream must tell its listeners after one event or one REST read: the name of the
 * stream event it becomes (`status`: a progress label), then that event's arguments.
 */
export type TurnNotice =
  | [kind: 'accepted', turnId: string, userMessageId: string | undefined]
  | [kind: 'statechange', status: TurnStreamStatus, reason?: Error | undefined]
  | [kind: 'event', event: TurnEvent]
  | [kind: 'status', label: string]
  | [kind: 'delta', text: string, snapshot: string]
  | [kind: 'snapshot', content: string]
  | [kind: 'completed', message: Message]
  | [kind: 'error', error: PartnerTurnError]
  | [kind: 'recovered', via: RecoveryPath]
  | [kind: 'gap'];

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
 * (also when it says `completed` without a message).
 */
export class TurnTracker {
  turnId: string | undefined;
  status: TurnStreamStatus = 'pending';
  /** All answer text so far. */
  text = '';
  /** Last progress label. */
  label: string | null = null;
  #lastSeq = 0;
  /** Where the event or read being applied collects its notices. */
  #notices: TurnNotice[] = [];

  constructor(turnId?: string) {
    this.turnId = turnId;
  }

  /** True once the turn completed or failed. */
  get ended(): boolean {
    return this.status === 'completed' || this.status === 'failed';
  }

  /** Takes one event of this turn; nothing when it is old, a `gap` when it jumps ahead. */
  apply(event: TurnEvent): TurnNotice[] {
    if (this.ended || event.seq <= this.#lastSeq) return [];
    if (event.type !== 'turn.snapshot' && event.seq > this.#lastSeq + 1) return [['gap']];
    this.#lastSeq = event.seq;
    const notices: TurnNotice[] = [['event', event]];
    this.#notices = notices;
    const turn = turnOf(event);
    if (turn) this.#identify(turn);
    switch (event.type) {
      case 'turn.accepted':
        this.#set('queued');
        break;
      case 'turn.running':
        this.#set('running');
        break;
      case 'assistant.status':
        this.#label(event.label);
        break;
      case 'assistant.delta':
        this.text += event.text;
        this.#notices.push(['delta', event.text, this.text]);
        break;
      case 'assistant.completed':
        this.#complete(event.message);
        break;
      case 'assistant.error':
        this.#fail(event.error);
        break;
      case 'turn.snapshot':
        if (event.label !== null) this.#label(event.label);
        this.#catchUp(event.content);
        this.#notices.push(['snapshot', this.text]);
        this.#settle(event.turn);
    }
    return notices;
  }

  /** Takes the turn as read over REST (the fallback when the socket is away). */
  applyTurn(turn: Turn): TurnNotice[] {
    if (this.ended) return [];
    const notices: TurnNotice[] = [];
    this.#notices = notices;
    this.#identify(turn);
    this.#settle(turn);
    return notices;
  }

  #identify(turn: Turn): void {
    // The id of a resumed turn is the app's, as given; the one that arrived is lower-cased.
    if (this.turnId !== undefined && idKey(this.turnId) === turn.turn_id) return;
    this.turnId = turn.turn_id;
    this.#notices.push(['accepted', turn.turn_id, turn.user_message_id]);
  }

  #label(label: string): void {
    if (label === this.label) return;
    this.label = label;
    this.#notices.push(['status', label]);
  }

  #settle(turn: Turn): void {
    const message = turn.assistant_message;
    if (turn.status === 'failed')
      this.#fail(turn.error ?? { message: 'The turn failed' }); // `processing_failed`, not retryable
    else if (turn.status !== 'completed') this.#set(turn.status);
    else if (message) this.#complete(message);
    else this.#fail({ code: 'no_message', message: 'The turn completed without a message' });
  }

  /** Hands out the part of `content` not seen yet; replaces the text if it ever diverged. */
  #catchUp(content: string): void {
    if (content.startsWith(this.text) && content.length > this.text.length) {
      this.#notices.push(['delta', content.slice(this.text.length), content]);
    }
    this.text = content;
  }

  /** Ends the turn with `message`, which names its turn (this one) when the server left it out. */
  #complete(received: ReceivedMessage): void {
    received.turn_id ??= idKey(this.turnId ?? '');
    const message = received as Message;
    this.#catchUp(message.content);
    this.#set('completed');
    this.#notices.push(['completed', message]);
  }

  #fail(failure: TurnError): void {
    this.text = ''; // a failed turn's partial answer is void
    this.#set('failed');
    const error = new PartnerTurnError({ ...failure, turnId: this.turnId ?? '' });
    this.#notices.push(['error', error]);
  }

  #set(status: TurnStreamStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.#notices.push(['statechange', status]);
  }
}
