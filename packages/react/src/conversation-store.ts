import {
  createClientMessageId,
  type PartnerAssistantClient,
  type TurnStream,
} from '@partner-assistant/client';
import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { ConversationMessage, ConversationSnapshot } from './conversation-state.ts';
import { EMPTY_CONVERSATION } from './conversation-state.ts';
import {
  type HistoryReader,
  type HistoryWindow,
  landed,
  newestPage,
  olderPage,
} from './history-window.ts';
import { discarded, discardKept, keptTurns } from './kept-questions.ts';
import {
  acceptTurn,
  type LiveTurn,
  resumedTurn,
  type SentMessage,
  sentTurn,
  settledMessages,
  snapshotOf,
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
   * Loads the history again if it failed, tries the network at once for questions waiting for it,
   * and sends the last failed question again with its idempotency key (its turn deleted first).
   */
  readonly retry = async (): Promise<void> => {
    this.#loading ??= this.#loadNewest();
    await this.#loading;
    if (this.#turns.some((turn) => turn.phase === 'sending')) this.#client.connection.connect();
    const failed = [...this.#turns].reverse().find((turn) => turn.phase === 'failed' && turn.sent);
    const sent = failed?.sent;
    if (!sent) return;
    this.#turns = this.#turns.filter((turn) => turn !== failed);
    if (failed.turnId) await this.#client.turns.delete(failed.turnId).catch(() => {});
    await this.#follow(sent);
  };

  /** Removes a question the outbox keeps by its `message_id`: true when it had not left yet. */
  readonly discard = async (messageId: string): Promise<boolean> => {
    const turn = await discardKept(this.#client.outbox, this.#turns, messageId);
    if (turn) {
      this.#turns = this.#turns.filter((t) => t !== turn);
      this.#publish();
    }
    return turn !== undefined;
  };

  /** Loads the page before the oldest loaded message. */
  readonly loadOlder = async (): Promise<void> => {
    if (this.#window.offset === 0) return;
    await this.#guard(async () => {
      const older = await olderPage(this.#reader, this.#window, this.#pageSize);
      this.#window = landed(older, this.#window);
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
    this.#publish(); // then what the outbox keeps (after a reload) shows while the history loads
    void keptTurns(this.#client, this.#conversationId, () => this.#turns).then((kept) => {
      for (const { turn, stream } of kept) void this.#track(turn, () => stream);
    });
    await this.#guard(async () => {
      const newest = await newestPage(this.#reader, this.#pageSize).catch((error: unknown) => {
        this.#loading = undefined; // `retry()`, or the next component to subscribe, loads it again
        throw error;
      });
      this.#window = landed(newest, this.#window);
      for (const question of this.#runningQuestions())
        void this.#track(resumedTurn(question), () => this.#client.chat.resume(question.turn_id));
    });
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
      if (discarded(error)) this.#turns = this.#turns.filter((t) => t !== turn);
      else if (this.#turns.includes(turn)) {
        turn.phase = 'failed';
        this.#error = error as Error; // the client fails with its typed errors only (`PartnerError`)
      }
    }
    this.#publish();
    this.#checkIdle();
  }

  /** A completed turn joins the history; the live copy goes. */
  #settle(turn: LiveTurn): void {
    const messages = [...this.#window.messages, ...settledMessages(this.#window.messages, turn)];
    this.#window = { ...this.#window, messages };
    this.#turns = this.#turns.filter((t) => t !== turn);
  }

  async #guard(load: () => Promise<void>): Promise<void> {
    try {
      await load();
    } catch (error) {
      this.#error = error as Error; // a `PartnerError` of the client
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
    const { messages, offset } = this.#window;
    const state = {
      error: this.#error,
      loadingHistory: this.#loadingHistory,
      hasOlder: offset > 0,
    };
    return snapshotOf(messages, this.#turns, this.#latest, state);
  }

  #checkIdle(): void {
    if (this.idle) this.#onIdle?.();
  }
}
