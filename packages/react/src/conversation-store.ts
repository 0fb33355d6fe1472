import {
  createClientMessageId,
  type PartnerAssistantClient,
  type TurnStream,
} from '@partner-assistant/client';
import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type {
  ConversationMessage,
  ConversationSnapshot,
  ConversationStatus,
} from './conversation-state.ts';
import { EMPTY_CONVERSATION } from './conversation-state.ts';
import { type HistoryReader, type HistoryWindow, newestPage, olderPage } from './history-window.ts';
import { keptQuestions } from './kept-questions.ts';
import {
  acceptTurn,
  type LiveTurn,
  resumedTurn,
  type SentMessage,
  sentTurn,
  turnMessages,
} from './live-turn.ts';

/** Options of `send`. */
export interface SendOptions {
  location?: Location;
  metadata?: MessageMetadata;
}

/**
 * A subscriber of the store: `textOnly` is true when only the streaming answer (its text or its
 * progress label) changed, which may wait for the next frame; anything else should show at once.
 */
export type ConversationListener = (textOnly: boolean) => void;

/**
 * One conversation's state outside React: the loaded window of history, the turns in flight and
 * their streams. Components subscribe to it (`useSyncExternalStore`); it loads the history on the
 * first subscription, never during rendering, so server rendering opens nothing. The snapshot is
 * built when read, so text streamed between two renders costs no copy of the messages.
 */
export class ConversationStore {
  readonly #client: PartnerAssistantClient;
  readonly #conversationId: string;
  readonly #pageSize: number;
  readonly #listeners = new Set<ConversationListener>();
  /** Built on the first read after a change (`undefined` until then). */
  #snapshot: ConversationSnapshot | undefined = EMPTY_CONVERSATION;
  #loadingHistory = false;
  #window: HistoryWindow = { offset: 0, messages: [] };
  #turns: LiveTurn[] = [];
  /** The turn started last: what `status` describes. */
  #latest: LiveTurn | undefined;
  #loading: Promise<void> | undefined;
  #error: Error | null = null;
  #onIdle: (() => void) | undefined;

  constructor(
    client: PartnerAssistantClient,
    conversationId: string,
    options: { pageSize: number; onIdle?: () => void },
  ) {
    this.#client = client;
    this.#conversationId = conversationId;
    this.#pageSize = options.pageSize;
    this.#onIdle = options.onIdle;
  }

  readonly subscribe = (listener: ConversationListener): (() => void) => {
    this.#listeners.add(listener);
    this.#loading ??= this.#loadNewest();
    return () => {
      this.#listeners.delete(listener);
      this.#checkIdle();
    };
  };

  readonly getSnapshot = (): ConversationSnapshot => (this.#snapshot ??= this.#build());

  /** Sends a question; the promise never rejects: a failure lands in `error` and `status`. */
  readonly send = (text: string, options: SendOptions = {}): Promise<void> =>
    this.#follow({ text, clientMessageId: createClientMessageId(), ...options });

  /**
   * Loads the history again if it failed to load, and sends the last failed question again with
   * its idempotency key (the failed turn is deleted first).
   */
  readonly retry = async (): Promise<void> => {
    this.#loading ??= this.#loadNewest();
    await this.#loading;
    // Questions the outbox keeps wait for the network: try it now.
    if (this.#turns.some((turn) => turn.phase === 'sending')) this.#client.connection.connect();
    const failed = [...this.#turns].reverse().find((turn) => turn.phase === 'failed' && turn.sent);
    const sent = failed?.sent;
    if (!sent) return;
    this.#turns = this.#turns.filter((turn) => turn !== failed);
    if (failed.turnId) await this.#client.turns.delete(failed.turnId).catch(() => {});
    await this.#follow(sent);
  };

  /**
   * Removes a question not sent yet (`status: 'pending'`, kept by the client's outbox), by its
   * `message_id`: true when it was removed before it reached the network.
   */
  readonly discard = async (messageId: string): Promise<boolean> => {
    const turn = this.#turns.find((t) => t.question.message_id === messageId);
    const id = turn?.phase === 'sending' ? turn.sent?.clientMessageId : undefined;
    const removed = id !== undefined && ((await this.#client.outbox?.discard(id)) ?? false);
    if (removed) {
      this.#turns = this.#turns.filter((t) => t !== turn);
      this.#publish();
    }
    return removed;
  };

  /** Loads the page before the oldest loaded message. */
  readonly loadOlder = async (): Promise<void> => {
    if (this.#window.offset === 0) return;
    await this.#guard(async () => {
      this.#window = await olderPage(this.#reader, this.#window, this.#pageSize);
    });
  };

  /** True when nobody watches and nothing runs: the registry may drop the store. */
  get idle(): boolean {
    return (
      this.#listeners.size === 0 &&
      this.#turns.every((turn) => turn.phase === 'completed' || turn.phase === 'failed')
    );
  }

  readonly #reader: HistoryReader = async (offset, limit) => {
    const page = await this.#client.messages.list(this.#conversationId, { offset, limit });
    return { messages: page.messages, hasMore: page.hasNextPage() };
  };

  async #loadNewest(): Promise<void> {
    this.#loadingHistory = true;
    this.#error = null; // a new start: `retry()` after the history failed to load
    this.#publish();
    void this.#keep();
    await this.#guard(async () => {
      this.#window = await newestPage(this.#reader, this.#pageSize).catch((error: unknown) => {
        this.#loading = undefined; // `retry()`, or the next component to subscribe, loads it again
        throw error;
      });
      for (const question of this.#runningQuestions())
        void this.#track(resumedTurn(question), () => this.#client.chat.resume(question.turn_id));
    });
  }

  /** Shows the questions the outbox keeps (after a reload), while the history loads or fails. */
  async #keep(): Promise<void> {
    const { outbox } = this.#client;
    const followed = new Set(this.#turns.map((turn) => turn.sent?.clientMessageId));
    for (const { entry, stream } of outbox ? await keptQuestions(outbox, this.#conversationId) : [])
      if (!followed.has(entry.clientMessageId))
        void this.#track(
          sentTurn({ ...entry, text: entry.message }, new Date(entry.createdAt)),
          () => stream,
        );
  }

  /** User messages at the end of the history whose turn has no answer yet: still running. */
  #runningQuestions(): ConversationMessage[] {
    const answered = new Set(
      this.#window.messages.filter((m) => m.role === 'assistant').map((m) => m.turn_id),
    );
    const followed = new Set(this.#turns.map((turn) => turn.turnId));
    return this.#window.messages.filter(
      (m) => m.role === 'user' && !answered.has(m.turn_id) && !followed.has(m.turn_id),
    );
  }

  #follow(sent: SentMessage): Promise<void> {
    return this.#track(sentTurn(sent, new Date()), () =>
      this.#client.chat.send({
        conversationId: this.#conversationId,
        message: sent.text,
        location: sent.location,
        metadata: sent.metadata,
        clientMessageId: sent.clientMessageId,
      }),
    );
  }

  /** Follows `turn` on the stream `open` gives (a throw, such as a refused input, fails the turn). */
  async #track(turn: LiveTurn, open: () => TurnStream | Promise<TurnStream>): Promise<void> {
    this.#turns.push(turn);
    if (turn.sent) this.#latest = turn;
    this.#error = null;
    try {
      const opened = open();
      const kept = opened instanceof Promise; // a question the outbox kept: accepted already
      const stream = kept ? await opened : opened;
      stream.on('accepted', (turnId, userMessageId) => {
        acceptTurn(turn, turnId, userMessageId);
        this.#publish();
      });
      // Text and label as the stream has them now: after a reconnection too (`snapshot`).
      const streamed = () => {
        turn.text = stream.text;
        turn.label = stream.label ?? null;
        this.#publish(true);
      };
      stream.on('delta', streamed);
      stream.on('snapshot', streamed);
      stream.on('status', streamed);
      if (kept) acceptTurn(turn, await stream.turnId, undefined);
      this.#publish();
      turn.answer = await stream.finalMessage();
      turn.phase = 'completed';
      this.#settle(turn);
    } catch (error) {
      if (!this.#turns.includes(turn)) return; // discarded
      turn.phase = 'failed';
      // The client fails only with its typed errors (`PartnerError` and subclasses), never a bare value.
      this.#error = error as Error;
    }
    this.#publish();
    this.#checkIdle();
  }

  /** A completed turn joins the history; the live copy goes. */
  #settle(turn: LiveTurn): void {
    const known = new Set(this.#window.messages.map((m) => m.message_id));
    for (const m of this.#window.messages) if (m.role === 'user') known.add(`q${m.turn_id}`);
    const added = turnMessages(turn).filter(
      (m) => !known.has(m.message_id) && !(m.role === 'user' && known.has(`q${m.turn_id}`)),
    );
    this.#window = { ...this.#window, messages: [...this.#window.messages, ...added] };
    this.#turns = this.#turns.filter((t) => t !== turn);
  }

  async #guard(load: () => Promise<void>): Promise<void> {
    try {
      await load();
    } catch (error) {
      this.#error = error as Error; // a `PartnerError` of the client, as above
    }
    this.#loadingHistory = false;
    this.#publish();
  }

  /** Tells every subscriber that the state changed (`textOnly`: see {@link ConversationListener}). */
  #publish(textOnly = false): void {
    this.#snapshot = undefined;
    for (const listener of [...this.#listeners]) listener(textOnly);
  }

  #build(): ConversationSnapshot {
    const history = this.#window.messages;
    const shown = new Set(history.map((m) => m.message_id));
    const liveMessages = this.#turns.flatMap(turnMessages).filter((m) => !shown.has(m.message_id));
    const current = this.#latest;
    const status: ConversationStatus =
      current?.phase === 'sending' || current?.phase === 'streaming'
        ? current.phase
        : this.#error
          ? 'error'
          : 'idle';
    return {
      messages: [...history, ...liveMessages],
      status,
      streamingText: current?.phase === 'streaming' ? current.text : '',
      statusLabel: current && current.phase !== 'failed' ? current.label : null,
      error: this.#error,
      hasOlder: this.#window.offset > 0,
      loadingHistory: this.#loadingHistory,
    };
  }

  #checkIdle(): void {
    if (this.idle) this.#onIdle?.();
  }
}
