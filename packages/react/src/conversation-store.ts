import {
  createClientMessageId,
  type PartnerAssistantClient,
  type TurnStream,
} from '@partner-assistant/client';
import type { Location, Message, MessageMetadata } from '@partner-assistant/contract';
import type {
  ConversationMessage,
  ConversationSnapshot,
  ConversationStatus,
} from './conversation-state.ts';
import { EMPTY_CONVERSATION } from './conversation-state.ts';
import { type HistoryReader, type HistoryWindow, newestPage, olderPage } from './history-window.ts';
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
 * One conversation's state outside React: the loaded window of history, the turns in flight and
 * their streams. Components subscribe to it (`useSyncExternalStore`); it loads the history on the
 * first subscription, never during rendering, so server rendering opens nothing.
 */
export class ConversationStore {
  readonly #client: PartnerAssistantClient;
  readonly #conversationId: string;
  readonly #pageSize: number;
  readonly #listeners = new Set<() => void>();
  #snapshot: ConversationSnapshot = EMPTY_CONVERSATION;
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

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    this.#loading ??= this.#loadNewest();
    return () => {
      this.#listeners.delete(listener);
      this.#checkIdle();
    };
  };

  readonly getSnapshot = (): ConversationSnapshot => this.#snapshot;

  /** Sends a question; the promise never rejects: a failure lands in `error` and `status`. */
  readonly send = (text: string, options: SendOptions = {}): Promise<void> =>
    this.#follow(
      sentTurn({ text, clientMessageId: createClientMessageId(), ...options }, new Date()),
    );

  /** Sends the last failed question again, with its idempotency key (the failed turn is deleted first). */
  readonly retry = async (): Promise<void> => {
    const failed = [...this.#turns].reverse().find((turn) => turn.phase === 'failed' && turn.sent);
    if (!failed?.sent) return;
    this.#turns = this.#turns.filter((turn) => turn !== failed);
    if (failed.turnId) await this.#client.turns.delete(failed.turnId).catch(() => {});
    await this.#follow(sentTurn(failed.sent, new Date()));
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
    this.#publish(true);
    await this.#guard(async () => {
      this.#window = await newestPage(this.#reader, this.#pageSize);
      for (const question of this.#runningQuestions())
        void this.#track(resumedTurn(question), this.#client.chat.resume(question.turn_id));
    });
  }

  /** User messages at the end of the history whose turn has no answer yet: still running. */
  #runningQuestions(): Message[] {
    const answered = new Set(
      this.#window.messages.filter((m) => m.role === 'assistant').map((m) => m.turn_id),
    );
    const followed = new Set(this.#turns.map((turn) => turn.turnId));
    return this.#window.messages.filter(
      (m) => m.role === 'user' && !answered.has(m.turn_id) && !followed.has(m.turn_id),
    );
  }

  #follow(turn: LiveTurn): Promise<void> {
    const sent = turn.sent as SentMessage;
    let stream: TurnStream;
    try {
      stream = this.#client.chat.send({
        conversationId: this.#conversationId,
        message: sent.text,
        location: sent.location,
        metadata: sent.metadata,
        clientMessageId: sent.clientMessageId,
      });
    } catch (error) {
      turn.phase = 'failed';
      turn.error = error as Error;
      this.#error = turn.error;
      this.#turns.push(turn);
      this.#latest = turn;
      this.#publish();
      return Promise.resolve();
    }
    return this.#track(turn, stream);
  }

  async #track(turn: LiveTurn, stream: TurnStream): Promise<void> {
    this.#turns.push(turn);
    if (turn.sent) this.#latest = turn;
    this.#error = null;
    stream.on('event', (event) => {
      if (event.type !== 'turn.accepted' && event.type !== 'turn.snapshot') return;
      acceptTurn(turn, event.turn as { turn_id: string; user_message_id?: string });
      this.#publish();
    });
    stream.on('status', (label) => {
      turn.label = label;
      this.#publish();
    });
    stream.on('delta', (_text, soFar) => {
      turn.text = soFar;
      this.#publish();
    });
    this.#publish();
    try {
      turn.answer = await stream.finalMessage();
      turn.phase = 'completed';
      this.#settle(turn);
    } catch (error) {
      turn.phase = 'failed';
      turn.error = error as Error;
      this.#error = turn.error;
    }
    this.#publish();
    this.#checkIdle();
  }

  /** A completed turn joins the history; the live copy goes. */
  #settle(turn: LiveTurn): void {
    const known = new Set(this.#window.messages.map((m) => m.message_id));
    const added = turnMessages(turn).filter((m) => !known.has(m.message_id)) as Message[];
    this.#window = { ...this.#window, messages: [...this.#window.messages, ...added] };
    this.#turns = this.#turns.filter((t) => t !== turn);
  }

  async #guard(load: () => Promise<void>): Promise<void> {
    try {
      await load();
    } catch (error) {
      this.#error = error as Error;
    }
    this.#publish();
  }

  #publish(loadingHistory = false): void {
    const history = this.#window.messages;
    const shown = new Set(history.map((m) => m.message_id));
    const liveMessages = this.#turns.flatMap(turnMessages).filter((m) => !shown.has(m.message_id));
    const current = this.#latest;
    const status: ConversationStatus =
      current?.phase === 'sending'
        ? 'sending'
        : current?.phase === 'streaming'
          ? 'streaming'
          : this.#error
            ? 'error'
            : 'idle';
    this.#snapshot = {
      messages: [...history, ...liveMessages] as ConversationMessage[],
      status,
      streamingText: current?.phase === 'streaming' ? current.text : '',
      statusLabel: current && current.phase !== 'failed' ? current.label : null,
      error: this.#error,
      hasOlder: this.#window.offset > 0,
      loadingHistory,
    };
    for (const listener of [...this.#listeners]) listener();
  }

  #checkIdle(): void {
    if (this.idle) this.#onIdle?.();
  }
}
