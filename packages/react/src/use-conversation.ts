import { useCallback, useSyncExternalStore } from 'react';
import { conversationStore } from './conversation-registry.ts';
import type { ConversationSnapshot } from './conversation-state.ts';
import type { SendOptions } from './conversation-store.ts';
import { EMPTY_CONVERSATION } from './live-turn.ts';
import { usePartnerAssistantClient } from './partner-assistant-provider.tsx';
import { batchedListener, renderScheduler, type StreamingRenders } from './streaming-renders.ts';

/** Options of {@link useConversation}. */
export interface UseConversationOptions {
  /**
   * How often the answer being streamed re-renders the component: `'per-frame'` at most once per
   * animation frame (a 16 ms timer where `requestAnimationFrame` does not exist), `{ intervalMs }`
   * at most once per that many milliseconds, `'per-delta'` at every delta. The question accepted,
   * the answer completed and failures render at once, with all the text received so far.
   * @default 'per-frame'
   * @example
   * ```tsx
   * const { streamingText } = useConversation(conversationId, { streamingRenders: { intervalMs: 100 } });
   * ```
   */
  streamingRenders?: StreamingRenders;
}

/** What {@link useConversation} returns: the state, and the actions on it. */
export interface UseConversationResult extends ConversationSnapshot {
  /** Sends a question: it shows at once as `pending`; the answer streams into `messages`. */
  send(text: string, options?: SendOptions): Promise<void>;
  /**
   * Tries again what failed: loads the history again if it could not load, and sends the last
   * failed question again with the same idempotency key; questions waiting in the client's outbox
   * try the network at once.
   */
  retry(): Promise<void>;
  /** Loads the page of history before the oldest message shown. */
  loadOlder(): Promise<void>;
  /**
   * Removes a question kept by the client's outbox and not sent yet (`status: 'pending'`), by its
   * `message_id`: resolves `true` when it was removed before it reached the network. (`retry()`
   * tries the network at once for such questions.)
   */
  discard(messageId: string): Promise<boolean>;
  /**
   * Stops the latest turn in flight (nothing when none): the answer stays as far as it came, as a
   * message with `status: 'stopped'`, `status` is `idle` again, and nothing of that turn arrives
   * afterwards; a question not accepted yet is withdrawn (not sent, and no longer shown). The API
   * has no cancel: it goes on answering, and the whole answer replaces the stopped one when the
   * history is next loaded. See `TurnStream#stop()`.
   * @example
   * ```tsx
   * {status === 'streaming' && <button onClick={stop}>Stop</button>}
   * ```
   */
  stop(): void;
}

const serverSnapshot = () => EMPTY_CONVERSATION;

/**
 * One conversation: its history (newest page first, `loadOlder()` for more) merged with the
 * answer streaming in, the send and retry actions, and a status a UI can render. Components
 * showing the same conversation share one state; a turn in flight outlives the component, and
 * mounting again shows it where it is (or completed). A burst of streamed text renders once per
 * frame (see {@link UseConversationOptions.streamingRenders}).
 *
 * @example
 * ```tsx
 * const { messages, send, status, statusLabel, error, retry } = useConversation(conversationId);
 * ```
 */
export function useConversation(
  conversationId: string,
  { streamingRenders = 'per-frame' }: UseConversationOptions = {},
): UseConversationResult {
  const store = conversationStore(usePartnerAssistantClient(), conversationId);
  // A number or a name: an inline `{ intervalMs }` object must not subscribe again each render.
  const setting =
    typeof streamingRenders === 'object' ? streamingRenders.intervalMs : streamingRenders;
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe(batchedListener(onChange, renderScheduler(setting))),
    [store, setting],
  );
  const snapshot = useSyncExternalStore(subscribe, store.getSnapshot, serverSnapshot);
  return { ...snapshot, ...store.actions };
}
