import { useSyncExternalStore } from 'react';
import { conversationStore } from './conversation-registry.ts';
import { type ConversationSnapshot, EMPTY_CONVERSATION } from './conversation-state.ts';
import type { SendOptions } from './conversation-store.ts';
import { usePartnerAssistantClient } from './partner-assistant-provider.tsx';

/** What {@link useConversation} returns: the state, and the actions on it. */
export interface UseConversationResult extends ConversationSnapshot {
  /** Sends a question: it shows at once as `pending`; the answer streams into `messages`. */
  send(text: string, options?: SendOptions): Promise<void>;
  /** Sends the last failed question again with the same idempotency key. */
  retry(): Promise<void>;
  /** Loads the page of history before the oldest message shown. */
  loadOlder(): Promise<void>;
}

const serverSnapshot = () => EMPTY_CONVERSATION;

/**
 * One conversation: its history (newest page first, `loadOlder()` for more) merged with the
 * answer streaming in, the send and retry actions, and a status a UI can render. Components
 * showing the same conversation share one state; a turn in flight outlives the component, and
 * mounting again shows it where it is (or completed).
 *
 * @example
 * ```tsx
 * const { messages, send, status, statusLabel, error, retry } = useConversation(conversationId);
 * ```
 */
export function useConversation(conversationId: string): UseConversationResult {
  const store = conversationStore(usePartnerAssistantClient(), conversationId);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  return { ...snapshot, send: store.send, retry: store.retry, loadOlder: store.loadOlder };
}
