import { usePartnerAssistantClient } from '@partner-assistant/react';
import { useState } from 'react';
import './chat-app.css';
import { ConnectionBanner } from './connection-banner.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';
import { ErrorNotice } from './error-notice.tsx';
import {
  loadConversations,
  loadSelectedId,
  type SavedConversation,
  saveConversations,
  saveSelectedId,
} from './saved-conversations.ts';

/** The chat: the conversation list on the side, the selected conversation, a connection banner. */
export function ChatApp() {
  const client = usePartnerAssistantClient();
  const [conversations, setConversations] = useState(loadConversations);
  const [selectedId, setSelectedId] = useState(() => loadSelectedId(conversations));
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<Error | null>(null);

  const select = (id: string) => {
    setSelectedId(id);
    saveSelectedId(id);
  };

  /** Starts a conversation; `replacing`: one the API no longer knows, dropped from the list. */
  const create = async (replacing?: string) => {
    setCreating(true);
    setCreateError(null);
    try {
      const title = `Conversation ${conversations.length + 1}`;
      const created = await client.conversations.create({ title });
      const kept = conversations.filter((conversation) => conversation.id !== replacing);
      const next: SavedConversation[] = [{ id: created.conversation_id, title }, ...kept];
      saveConversations(next);
      setConversations(next);
      select(created.conversation_id);
    } catch (error) {
      setCreateError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="chat-app">
      <ConnectionBanner />
      <ConversationList
        conversations={conversations}
        selectedId={selectedId}
        onSelect={select}
        onCreate={() => void create()}
        creating={creating}
      />
      <main>
        {createError && <ErrorNotice error={createError} onRetry={() => void create()} />}
        {selectedId === null ? (
          <p className="hint">Start a new conversation to ask the assistant.</p>
        ) : (
          // One view per conversation: its state (history, answer in flight) is its own.
          <ConversationView
            key={selectedId}
            conversationId={selectedId}
            onStartOver={creating ? undefined : () => void create(selectedId)}
          />
        )}
      </main>
    </div>
  );
}
