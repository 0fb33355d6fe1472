import type { Message, Turn } from '@partner-assistant/contract';
import type { ServerFrame } from './frame-reader.ts';

/** Where a turn stands, as its stream has seen it. */
export type TurnStreamStatus = 'pending' | 'queued' | 'running' | 'completed' | 'failed';

/** What a failed turn says about its failure. */
export interface TurnFailure {
  code?: string | undefined;
  message: string;
  retryable?: boolean | undefined;
}

/** What the stream must tell its listeners after one frame or one REST read. */
export type TurnNotice =
  | { kind: 'accepted'; turnId: string }
  | { kind: 'event'; event: ServerFrame }
  | { kind: 'status'; label: string }
  | { kind: 'delta'; text: string; snapshot: string }
  | { kind: 'snapshot'; content: string }
  | { kind: 'completed'; message: Message }
  | { kind: 'failed'; failure: TurnFailure }
  | { kind: 'gap' };

/**
 * The exactly-once bookkeeping of one turn, without I/O: events are taken in `seq` order and each
 * once (a replayed or older `seq` is dropped; a jump ahead is reported as a `gap`, to be mended by
 * a snapshot); a `turn.snapshot` replaces the text seen so far, and the part of it not yet seen is
 * handed out as one delta, so the deltas a listener saw always add up to the final answer.
 */
export class TurnTracker {
  turnId: string | undefined;
  status: TurnStreamStatus = 'pending';
  /** All answer text so far. */
  text = '';
  /** Last progress label. */
  label: string | null = null;
  #lastSeq = 0;

  constructor(turnId?: string) {
    this.turnId = turnId;
  }

  /** True once the turn completed or failed. */
  get ended(): boolean {
    return this.status === 'completed' || this.status === 'failed';
  }

  /** Takes one server frame about this turn. */
  apply(frame: ServerFrame, sequenced: boolean): TurnNotice[] {
    if (this.ended) return [];
    if (sequenced) {
      const seq = frame.seq as number;
      if (seq <= this.#lastSeq) return [];
      if (frame.type !== 'turn.snapshot' && seq > this.#lastSeq + 1) return [{ kind: 'gap' }];
      this.#lastSeq = seq;
    }
    const notices: TurnNotice[] = [];
    if (frame.type === 'turn.accepted' || frame.type === 'turn.snapshot')
      this.#identify(frame.turn as Turn, notices);
    notices.push({ kind: 'event', event: frame });
    switch (frame.type) {
      case 'turn.accepted':
        this.status = 'queued';
        break;
      case 'turn.running':
        this.status = 'running';
        break;
      case 'assistant.status':
        this.label = String(frame.label);
        notices.push({ kind: 'status', label: this.label });
        break;
      case 'assistant.delta':
        this.text += String(frame.text);
        notices.push({ kind: 'delta', text: String(frame.text), snapshot: this.text });
        break;
      case 'assistant.completed':
        this.#complete(frame.message as Message, notices);
        break;
      case 'assistant.error':
        this.#fail(frame.error as TurnFailure, notices);
        break;
      case 'turn.snapshot':
        this.#snapshot(frame, notices);
        break;
    }
    return notices;
  }

  /** Takes the turn as read over REST (the fallback when the socket is away). */
  applyTurn(turn: Turn): TurnNotice[] {
    if (this.ended) return [];
    const notices: TurnNotice[] = [];
    this.#identify(turn, notices);
    this.#settle(turn, notices);
    return notices;
  }

  #identify(turn: Turn | undefined, notices: TurnNotice[]): void {
    if (!turn || this.turnId === turn.turn_id) return;
    this.turnId = turn.turn_id;
    notices.push({ kind: 'accepted', turnId: turn.turn_id });
  }

  #snapshot(frame: ServerFrame, notices: TurnNotice[]): void {
    if (typeof frame.label === 'string' && frame.label !== this.label) {
      this.label = frame.label;
      notices.push({ kind: 'status', label: frame.label });
    }
    this.#catchUp(String(frame.content ?? ''), notices);
    notices.push({ kind: 'snapshot', content: this.text });
    this.#settle(frame.turn as Turn, notices);
  }

  #settle(turn: Turn, notices: TurnNotice[]): void {
    if (turn.status === 'completed' && turn.assistant_message)
      this.#complete(turn.assistant_message, notices);
    else if (turn.status === 'failed')
      this.#fail(turn.error ?? { message: 'The turn failed' }, notices);
    else this.status = turn.status;
  }

  /** Hands out the part of `content` not seen yet; replaces the text if it ever diverged. */
  #catchUp(content: string, notices: TurnNotice[]): void {
    if (content.startsWith(this.text) && content.length > this.text.length) {
      notices.push({ kind: 'delta', text: content.slice(this.text.length), snapshot: content });
    }
    this.text = content;
  }

  #complete(message: Message, notices: TurnNotice[]): void {
    this.#catchUp(message.content, notices);
    this.status = 'completed';
    notices.push({ kind: 'completed', message });
  }

  #fail(failure: TurnFailure, notices: TurnNotice[]): void {
    this.text = ''; // a failed turn's partial answer is void
    this.status = 'failed';
    notices.push({ kind: 'failed', failure });
  }
}
