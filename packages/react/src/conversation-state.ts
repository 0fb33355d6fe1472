import type { Message } from '@partner-assistant/contract';

/**
 * A message as the conversation shows it: the API's message, or one the user just sent
 * (`status: 'pending'` until the server accepted it) or the answer being written
 * (`status: 'streaming'`, its `content` growing with each delta), or an answer the app stopped
 * (`status: 'stopped'`: the text received until then, maybe none; the history's whole answer
 * replaces it when the conversation's history is next loaded).
 */
export interface ConversationMessage {
  message_id: string;
  /** Empty until the server accepted the question. */
  turn_id: string;
  role: Message['role'];
  content: string;
  status: Message['status'] | 'pending' | 'streaming' | 'stopped';
  created_at: string;
  cards: Message['cards'];
  visualizations: Message['visualizations'];
  suggested_actions: Message['suggested_actions'];
}

/** What a UI renders: `idle`, `sending` (until accepted), `streaming` (answer coming), `error`. */
export type ConversationStatus = 'idle' | 'sending' | 'streaming' | 'error';

/** The state of one conversation, as `useConversation` returns it (without the actions). */
export interface ConversationSnapshot {
  /**
   * History (oldest first) merged with the turns followed here (in flight, or completed since the
   * page was read); nothing twice.
   */
  messages: readonly ConversationMessage[];
  status: ConversationStatus;
  /** The answer text so far while streaming; empty otherwise. */
  streamingText: string;
  /** The last progress label (`assistant.status`) of the turn in flight. */
  statusLabel: string | null;
  /** The last failure: the SDK's typed error (`PartnerApiError`, `PartnerTurnError`...). */
  error: Error | null;
  /** True while older messages exist beyond those loaded. */
  hasOlder: boolean;
  /** True while the history is loading. */
  loadingHistory: boolean;
}
