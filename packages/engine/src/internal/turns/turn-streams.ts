import type { Message, ServerEvent, Turn, TurnError } from '@partner-assistant/contract';
import { planAnswer } from '../assistant/answer-plan.ts';
import type { EngineContext } from '../context/engine-context.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import { stampedEvent, stampedEventText, stampText } from './stamped-event.ts';
import { answerOfTurn } from './turn-answer.ts';
import { turnView } from './turn-views.ts';

/** Something that follows turns: a WebSocket session. */
export interface TurnEventSink {
  /**
   * Sends one event; the sink's only way out. `text`, when given, is the event's JSON (exactly
   * `JSON.stringify(event)`), built once for every follower.
   */
  deliver(event: ServerEvent, text?: string): void;
  /** Cuts the connection abruptly, as a network loss (fault injection). */
  drop?(): void;
}

/** An event about a turn, before the stream stamps `turn_id`, `conversation_id` and `seq`. */
export type TurnEventPayload =
  | { type: 'turn.accepted' | 'turn.running'; turn: Turn }
  | { type: 'assistant.status'; label: string }
  | { type: 'assistant.delta'; text: string }
  | { type: 'assistant.completed'; message: Message }
  | { type: 'assistant.error'; error: TurnError };

/** An event whose payload is costly to build: built only when some socket follows the turn. */
export interface DeferredTurnEventPayload {
  /** The event type. */
  type: 'turn.accepted' | 'turn.running' | 'assistant.completed';
  /** Builds the payload. */
  build(): TurnEventPayload;
}

interface TurnStreamState {
  seq: number;
  content: string;
  label: string | null;
  followers: Set<TurnEventSink>;
  /** The JSON stamping its events ({@link stampText}), once it has been followed. */
  stamp: string | undefined;
}

/**
 * The event stream of every turn: numbers events (`seq` 1, 2, 3… without gaps), keeps the text
 * streamed so far for `turn.snapshot`, and delivers events to the sockets following the turn.
 */
export class TurnStreams {
  readonly #streams = new Map<string, TurnStreamState>();
  /** Turns each sink follows, so a closing socket leaves only its own streams. */
  readonly #followed = new Map<TurnEventSink, Set<string>>();
  readonly #context: EngineContext;
  readonly #eventTexts: boolean;

  /**
   * `eventTexts`: hand followers each event's JSON along with it (false when the followers
   * reshape events before sending them, as the minimal profile does). @default true
   */
  constructor(context: EngineContext, options: { eventTexts?: boolean } = {}) {
    this.#context = context;
    this.#eventTexts = options.eventTexts ?? true;
  }

  /** Starts the stream of a new turn (before its `turn.accepted`). */
  open(turnId: string): void {
    this.#streams.set(turnId, {
      seq: 0,
      content: '',
      label: null,
      followers: new Set(),
      stamp: undefined,
    });
  }

  /** Makes `sink` receive the turn's later events. */
  follow(turnId: string, sink: TurnEventSink): void {
    const stream = this.#streams.get(turnId);
    if (!stream) return;
    stream.followers.add(sink);
    const followed = this.#followed.get(sink) ?? new Set<string>();
    followed.add(turnId);
    this.#followed.set(sink, followed);
  }

  /** Whether some socket follows the turn. */
  isFollowed(turnId: string): boolean {
    return (this.#streams.get(turnId)?.followers.size ?? 0) > 0;
  }

  /** Stops `sink` from receiving events of any turn (its socket closed). */
  unfollowAll(sink: TurnEventSink): void {
    for (const turnId of this.#followed.get(sink) ?? [])
      this.#streams.get(turnId)?.followers.delete(sink);
    this.#followed.delete(sink);
  }

  /**
   * Numbers `payload` (`seq` 1, 2, 3…), keeps what a snapshot needs, and delivers the event to
   * the turn's followers: its one job. Ending the stream and cutting followers are separate calls.
   */
  publish(turn: TurnRecord, payload: TurnEventPayload | DeferredTurnEventPayload): void {
    const stream = this.#streams.get(turn.id);
    if (!stream) return;
    stream.seq += 1;
    if (payload.type === 'assistant.delta') stream.content += payload.text;
    if (payload.type === 'assistant.status') stream.label = payload.label;
    // Most turns (REST submissions) have no follower: their events are numbered, never built.
    const { followers, seq } = stream;
    if (followers.size === 0) return;
    const built = 'build' in payload ? payload.build() : payload;
    const event = stampedEvent(built, turn, seq);
    let text: string | undefined;
    if (this.#eventTexts) {
      stream.stamp ??= stampText(turn);
      text = stampedEventText(built, stream.stamp, seq);
    }
    if (followers.size === 1) {
      // The usual case, without copying the set; a follower added meanwhile is not served.
      for (const follower of followers) {
        follower.deliver(event, text);
        break;
      }
      return;
    }
    for (const follower of [...followers]) follower.deliver(event, text);
  }

  /** Cuts the connections following a turn, as a network loss (fault injection). */
  dropFollowers(turnId: string): void {
    for (const follower of [...(this.#streams.get(turnId)?.followers ?? [])]) follower.drop?.();
  }

  /** Forgets a turn's stream (it ended, or was deleted): a snapshot regenerates it from its plan. */
  end(turnId: string): void {
    for (const follower of this.#streams.get(turnId)?.followers ?? [])
      this.#followed.get(follower)?.delete(turnId);
    this.#streams.delete(turnId);
  }

  /** The `turn.snapshot` of a turn as of its last event. */
  snapshot(turn: TurnRecord): ServerEvent {
    const stream = this.#streams.get(turn.id);
    const ended = stream ? undefined : this.#endedStream(turn);
    return {
      type: 'turn.snapshot',
      turn_id: turn.id,
      conversation_id: turn.conversationId,
      seq: Math.max(1, stream?.seq ?? ended?.seq ?? 1),
      turn: turnView(turn, answerOfTurn),
      content: stream ? stream.content : (ended?.content ?? ''),
      label: stream ? stream.label : (ended?.label ?? null),
    };
  }

  /**
   * What the stream of an ended turn held at its end, from its plan (the same question always
   * yields the same plan): `turn.accepted`, then one event per step.
   */
  #endedStream(turn: TurnRecord): { seq: number; content: string; label: string | null } {
    const failed = turn.status === 'failed';
    const plan = planAnswer(turn, this.#context.settings.processingMs, { fail: failed });
    const labels = plan.steps.flatMap((step) => (step.kind === 'status' ? [step.label] : []));
    return {
      seq: 1 + plan.steps.length,
      content: failed || !turn.answered ? '' : plan.answer.text,
      label: labels.at(-1) ?? null,
    };
  }

  /** Forgets every turn. */
  clear(): void {
    this.#streams.clear();
    this.#followed.clear();
  }
}
