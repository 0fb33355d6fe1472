import {
  createClientMessageId,
  type PartnerAssistantClient,
  type TurnStream,
} from '@partner-assistant/client';
import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { ConversationSnapshot } from './conversation-state.ts';
import { type HistoryReader, type HistoryWindow, newestPage, olderPage } from './history-window.ts';
import {
  answerSoFar,
  EMPTY_CONVERSATION,
  type LiveTurn,
  messageKey,
  running,
  sentTurn,
  snapshotOf,
} from './live-turn.ts';
import type { UseConversationResult } from './use-conversation.ts';

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
 * One conversation's state outside React: the loaded window of history, the turns it follows
 * and their streams. Components subscribe to it (`useSyncExternalStore`); it loads the history on
 * the first subscription, never during rendering, so server rendering opens nothing. The snapshot
 * is built when read, so text streamed between two renders costs no copy of the messages.
 */
export interface ConversationStore {
  subscribe(listener: ConversationListener): () => void;
  getSnapshot(): ConversationSnapshot;
  /** What `useConversation` adds to the snapshot: the same functions at each render. */
  actions: Pick<UseConversationResult, 'send' | 'retry' | 'discard' | 'loadOlder' | 'stop'>;
  /** True when nobody watches and no turn runs: the store may be dropped. */
  idle(): boolean;
}

/**
 * The store of `conversationId`, reading its history a page at a time; `onIdle` is called
 * each time it may have become idle (a subscriber left, a turn ended): see `idle()`.
 */
export function createConversationStore(
  client: PartnerAssistantClient,
  conversationId: string,
  onIdle: () => void,
): ConversationStore {
  const listeners = new Set<ConversationListener>();
  /** Built on the first read after a change (`undefined` until then). */
  let snapshot: ConversationSnapshot | undefined = EMPTY_CONVERSATION;
  let loadingHistory = false;
  let history: HistoryWindow = { offset: 0, messages: [] };
  /**
   * Every turn followed, in the order started: a completed one stays, with its answer, and shows
   * after the history unless a page read since holds it (a late page never drops it); a failed one
   * stays until it is sent again.
   */
  let turns: LiveTurn[] = [];
  /** The turn sent last: what `status` describes. */
  let latest: LiveTurn | undefined;
  let loading: Promise<void> | undefined;
  let error: Error | null = null;

  const read: HistoryReader = (offset, limit) =>
    client.messages.list(conversationId, { offset, limit });

  /** Tells every subscriber that the state changed (`textOnly`: see {@link ConversationListener}). */
  const publish = (textOnly = false) => {
    snapshot = undefined;
    for (const listener of listeners) listener(textOnly);
  };

  const idle = () => listeners.size === 0 && !turns.some(running);

  const forget = (turn: LiveTurn | undefined) => {
    turns = turns.filter((t) => t !== turn);
  };

  /** Lands a page of history: a failure lands in `error`. Says whether it worked. */
  async function land(page: () => Promise<HistoryWindow>): Promise<boolean> {
    try {
      history = await page();
      return true;
    } catch (failure) {
      error = failure as Error; // a `PartnerError` of the client
      return false;
    } finally {
      loadingHistory = false;
      publish();
    }
  }

  async function loadNewest(): Promise<void> {
    loadingHistory = true;
    error = null; // a new start: `retry()` after the history failed to load
    publish();
    // What the outbox keeps (after a reload) shows while the history loads; the outbox sends it.
    void client.outbox.pending().then((kept) => {
      for (const entry of kept) {
        const id = entry.clientMessageId;
        if (
          entry.conversationId === conversationId &&
          !turns.some((turn) => turn.sent?.clientMessageId === id)
        )
          void track(sentTurn(entry, entry.createdAt), client.outbox.whenSent(id));
      }
    });
    if (!(await land(() => newestPage(read)))) {
      loading = undefined; // `retry()`, or the next component to subscribe, loads it again
      return;
    }
    // User messages whose turn has no answer yet, and that no turn follows: still running.
    const shown = new Set(history.messages.map(messageKey));
    for (const question of history.messages) {
      const turnId = question.turn_id;
      if (
        question.role === 'user' &&
        !shown.has(`assistant${turnId}`) &&
        !turns.some((turn) => turn.question.turn_id === turnId)
      )
        void track({ question });
    }
  }

  /**
   * Follows `turn`: on the stream the outbox gives it once sent (`kept`: `whenSent`, for a
   * question kept since a reload), else sends its question (`chat.send`), or resumes it when it was found running in the
   * history (`chat.resume`). A throw, such as a refused input, fails the turn.
   */
  async function track(turn: LiveTurn, kept?: Promise<TurnStream>): Promise<void> {
    turns.push(turn);
    if (turn.sent) latest = turn;
    error = null;
    publish();
    try {
      const { sent, question } = turn;
      // At once unless kept: `stop()` may come in the same tick.
      const stream = kept
        ? await kept
        : sent
          ? client.chat.send(sent)
          : client.chat.resume(question.turn_id);
      turn.stream = stream;
      // The id the server gave the question (`accepted`: not for a turn resumed by id, nor for a
      // question the outbox sent, accepted before its stream came here).
      let messageId = question.message_id;
      stream.on('accepted', (_, userMessageId) => {
        messageId = userMessageId ?? messageId;
      });
      // The stream's text or label changed: after a reconnection too (`snapshot`).
      const streamed = () => publish(true);
      stream.on('delta', streamed);
      stream.on('snapshot', streamed);
      stream.on('status', streamed);
      const turnId = await stream.turnId;
      turn.question = { ...question, turn_id: turnId, message_id: messageId, status: 'completed' };
      publish();
      turn.answer = await stream.finalMessage();
    } catch (failure) {
      // Stopped: an answer keeps what came; a question not accepted yet was withdrawn.
      if (turn.stream?.status === 'stopped' && turn.question.turn_id)
        turn.answer = answerSoFar(turn, 'stopped');
      else if (
        turn.stream?.status === 'stopped' ||
        (failure as { code?: unknown }).code === 'outbox_discarded'
      )
        forget(turn);
      else if (turns.includes(turn)) {
        turn.question = { ...turn.question, status: 'failed' };
        error = failure as Error; // the client fails with its typed errors only (`PartnerError`)
      }
    }
    publish();
    onIdle();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      loading ??= loadNewest();
      return () => {
        listeners.delete(listener);
        onIdle();
      };
    },

    getSnapshot: () =>
      (snapshot ??= snapshotOf(history.messages, turns, latest, {
        error,
        loadingHistory,
        hasOlder: history.offset > 0,
      })),

    actions: {
      // Never rejects: a failure lands in `error` and `status`. `sentTurn` keeps only what
      // `chat.send` takes of the options.
      send: (message, options) =>
        track(
          sentTurn({
            ...options,
            conversationId,
            message,
            clientMessageId: createClientMessageId(),
          }),
        ),

      // Loads the history again if it failed, tries the network at once for questions waiting
      // for it (and the outbox's questions refused for now), and sends the last failed question
      // again with its key (its turn deleted first).
      async retry() {
        loading ??= loadNewest();
        await loading;
        if (turns.some((turn) => turn.question.status === 'pending')) {
          client.connection.connect();
          client.outbox.sendNow();
        }
        let failed: LiveTurn | undefined;
        for (const turn of turns) if (turn.sent && turn.question.status === 'failed') failed = turn;
        if (!failed?.sent) return;
        forget(failed);
        const turnId = failed.question.turn_id;
        if (turnId) await client.turns.delete(turnId).catch(() => {});
        await track(sentTurn(failed.sent));
      },

      // A question the outbox keeps, by its `message_id`: true when it had not left yet.
      async discard(messageId) {
        const turn = turns.find(
          (t) => t.question.message_id === messageId && t.question.status === 'pending',
        );
        const removed = !!turn?.sent && (await client.outbox.discard(turn.sent.clientMessageId));
        // Its stream (or `whenSent`, for one kept since a reload) fails with `outbox_discarded`.
        if (removed) {
          forget(turn);
          publish();
        }
        return removed;
      },

      // The turn sent last (the one `status` describes), unless it ended: its stream stops; a
      // question the outbox keeps since a reload, not handed to a stream yet, is discarded.
      stop() {
        if (latest?.stream) latest.stream.stop();
        else if (latest?.sent) void client.outbox.discard(latest.sent.clientMessageId);
      },

      // The page before the oldest loaded message.
      async loadOlder() {
        if (history.offset > 0) await land(() => olderPage(read, history));
      },
    },

    idle,
  };
}
