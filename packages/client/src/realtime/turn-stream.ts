import type { Message, ReceivedTurnEvent as TurnEvent } from '@partner-assistant/contract';
import { PartnerError } from '@partner-assistant/sdk-core';
import { Emitter, type ListenerErrorReport } from '../internal/emitter.ts';

/** Where a turn stands, as its stream has seen it. */
export type TurnStreamStatus =
  | 'pending'
  | 'waiting'
  | 'queued'
  | 'running'
  | 'completed'
  | 'failed'
  | 'stopped';

/** How a turn was brought back after the socket failed it: see `TurnStream`'s `recovered`. */
export type RecoveryPath = 'subscribe' | 'resend' | 'rest';

/**
 * What happened to a turn, as its tracker tells its stream: the only way to change a stream,
 * handed out once, when the stream is made. A stream that failed takes nothing more (a listener
 * may have closed the client in the middle of an event).
 * @internal
 */
export interface TurnStreamWriter {
  /** The turn moves again after the socket failed it (told before that move). */
  recovered(via: RecoveryPath): void;
  /** The next event of the turn, in `seq` order. */
  heard(event: TurnEvent): void;
  /** The turn got its id (and its user message's, when known). */
  accepted(turnId: string, userMessageId?: string): void;
  /** The turn's status changed (`reason`: why it waits, or why it failed). */
  moved(status: TurnStreamStatus, reason?: Error): void;
  /** A progress label; the one shown already is not news. */
  labelled(label: string): void;
  /** More answer text. */
  grew(text: string): void;
  /** All the answer text so far, after a reconnection (its new part came as a delta). */
  caughtUp(content: string): void;
  /** The turn completed with `message`. */
  completed(message: Message): void;
  /** Ends the stream with `error`, unless it has already ended. */
  fail(error: Error): void;
}

/** Listeners of a {@link TurnStream}, by event name. */
export interface TurnStreamEvents extends Record<string, unknown[]> {
  /**
   * The server accepted the message and gave the turn its id; `userMessageId` is the id it gave
   * the user's message, when it said (not for a turn resumed by id).
   */
  accepted: [turnId: string, userMessageId: string | undefined];
  /**
   * `status` changed. `reason` comes with `waiting`: why the question cannot leave (the network
   * or the API is unreachable; it leaves by itself when the connection returns); with `failed`:
   * why the turn failed; with `stopped`: the `AbortError` its promises reject with. `stopped` is
   * the stream's last event.
   */
  statechange: [status: TurnStreamStatus, reason: Error | undefined];
  /** A progress label (`assistant.status`), such as "Looking up the opening hours". */
  status: [label: string];
  /** New answer text, and all the answer text so far. */
  delta: [text: string, snapshot: string];
  /** After a reconnection: all the answer text so far (already handed out through `delta`). */
  snapshot: [content: string];
  /**
   * The turn moves again after the socket failed it: `subscribe` (resubscribed on a new or quiet
   * socket), `resend` (the message, sent again with the same key, was accepted once), or `rest`
   * (read over REST).
   */
  recovered: [via: RecoveryPath];
  /** Every event of this turn, in `seq` order, each once (events of unknown types are ignored). */
  event: [event: TurnEvent];
  /** The final assistant message. */
  completed: [message: Message];
  /**
   * The stream ended without a message: the turn failed (`PartnerTurnError`), or it could not be
   * followed (auth, a body that breaks the contract, recovery gave up, client closed).
   */
  error: [error: Error];
}

/**
 * One turn followed over the WebSocket: listen to it, iterate its events, or await its final
 * message. Each event and each piece of text is delivered once, also across reconnections.
 *
 * @example
 * ```ts
 * const stream = client.chat.send({ conversationId, message: 'When is the town hall open?' });
 * stream.on('status', (label) => spinner.text = label);
 * stream.on('delta', (_text, snapshot) => bubble.text = snapshot);
 * const message = await stream.finalMessage();
 * ```
 */
export class TurnStream extends Emitter<TurnStreamEvents> implements AsyncIterable<TurnEvent> {
  /** The turn's id, known once the server accepted the message (or at once, for a resumed turn). */
  readonly turnId: Promise<string>;
  readonly #final: Promise<Message>;
  readonly #events: TurnEvent[] = [];
  readonly #waiters = new Set<() => void>();
  #status: TurnStreamStatus = 'pending';
  #text = '';
  #label: string | undefined;

  /**
   * @internal `write` receives the stream's one writer (see {@link TurnStreamWriter}): whoever
   * made the stream tells it what happened; nobody else can.
   */
  constructor(report?: ListenerErrorReport, write?: (writer: TurnStreamWriter) => void) {
    super();
    this.report = report;
    // Settled by the stream's own first listeners (a rejection nobody asked for is not unhandled):
    // a turn that ends with a reason (failed, or stopped) rejects with it.
    const ends = (reject: (reason: Error) => void) =>
      this.on('statechange', (_, reason) => reason && this.ended && reject(reason));
    this.turnId = new Promise((resolve, reject) => {
      this.on('accepted', resolve);
      ends(reject);
    });
    this.#final = new Promise((resolve, reject) => {
      this.on('completed', resolve);
      ends(reject);
    });
    this.turnId.catch(() => {});
    this.#final.catch(() => {});
    // Nothing is told once the stream ended (completed, failed or stopped).
    write?.({
      moved: (status, reason) => this.#move(status, reason),
      recovered: (via) => this.ended || this.emit('recovered', via),
      heard: (event) => {
        if (this.ended) return;
        this.#events.push(event);
        this.emit('event', event);
        this.#wake();
      },
      accepted: (turnId, userMessageId) => {
        if (!this.ended) this.emit('accepted', turnId, userMessageId);
      },
      labelled: (label) => {
        if (this.ended || label === this.#label) return;
        this.#label = label;
        this.emit('status', label);
      },
      grew: (text) => {
        if (this.ended) return;
        this.#text += text;
        this.emit('delta', text, this.#text);
      },
      caughtUp: (content) => {
        if (this.ended) return;
        this.#text = content;
        this.emit('snapshot', content);
      },
      completed: (message) => {
        if (this.ended) return;
        this.#move('completed');
        this.#text = message.content;
        this.emit('completed', message);
      },
      fail: (error) => {
        if (this.ended) return;
        this.#text = '';
        this.#move('failed', error);
        this.emit('error', error);
      },
    });
  }

  /**
   * Stops following the turn, at once and for good (the API has no cancel: it goes on answering,
   * and the whole answer is in the history when it is next read). Nothing of this turn is
   * delivered afterwards; `text` keeps what arrived, `status` becomes `stopped` (the last
   * `statechange`), iterators end, and `finalMessage()` (and `turnId`, if the question was not
   * accepted yet) reject with an `AbortError` (a `PartnerError` named `AbortError`, as `fetch`
   * and the AI SDK's `isAbortError` recognize). A question not accepted yet is withdrawn: it is
   * not sent (nor kept by the outbox) any more. Does nothing once the turn ended.
   * @example
   * ```ts
   * stopButton.onclick = () => stream.stop();
   * ```
   */
  stop(): void {
    const error = new PartnerError('The turn was stopped');
    error.name = 'AbortError';
    this.#move('stopped', error);
  }

  /**
   * `pending` until accepted (`waiting` while the API is unreachable: the question is kept and
   * sent when the connection returns, until `turnTimeoutMs`), then `queued`, `running`,
   * `completed` or `failed`; `stopped` once `stop()` was called. Each change is a `statechange`
   * event.
   */
  get status(): TurnStreamStatus {
    return this.#status;
  }

  /** The last progress label (`status` event), if any. */
  get label(): string | undefined {
    return this.#label;
  }

  /** All the answer text so far (empty once the turn failed; what arrived, once stopped). */
  get text(): string {
    return this.#text;
  }

  /**
   * The final assistant message; rejects with `PartnerTurnError` when the turn failed, and with
   * an `AbortError` once stopped. Settles once.
   */
  finalMessage(): Promise<Message> {
    return this.#final;
  }

  /** This turn's server events in `seq` order, each once; throws when the turn fails, ends once stopped. */
  [Symbol.asyncIterator](): AsyncIterator<TurnEvent> {
    let index = 0;
    const next = async (): Promise<IteratorResult<TurnEvent>> => {
      const event = this.#events[index];
      if (event !== undefined) {
        index++;
        return { done: false, value: event };
      }
      if (this.#status === 'failed') await this.#final; // rejects with the failure
      if (this.ended) return { done: true, value: undefined };
      await new Promise<void>((resolve) => this.#waiters.add(resolve));
      return next();
    };
    return { next };
  }

  /** @internal True once the turn completed, failed or was stopped. */
  get ended(): boolean {
    // No other status is part of these words.
    return 'completed failed stopped'.includes(this.#status);
  }

  /** The status changes to `status` (`reason`: why it waits, failed or stopped), unless it ended. */
  #move(status: TurnStreamStatus, reason?: Error): void {
    if (this.ended || status === this.#status) return;
    this.#status = status;
    this.emit('statechange', status, reason);
    this.#wake(); // an iterator may end
  }

  /** Wakes the iterators waiting for more (they go on in a later microtask). */
  #wake(): void {
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }
}
