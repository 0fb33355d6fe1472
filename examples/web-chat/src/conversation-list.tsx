import type { SavedConversation } from './saved-conversations.ts';

/** Props of {@link ConversationList}. */
export interface ConversationListProps {
  conversations: readonly SavedConversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onCreate: () => void;
  creating: boolean;
}

/** The user's conversations, and a button to start a new one. */
export function ConversationList(props: ConversationListProps) {
  const { conversations, selectedId, onSelect, onCreate, creating } = props;
  return (
    <nav className="conversation-list" aria-label="Conversations">
      <button type="button" className="new-conversation" onClick={onCreate} disabled={creating}>
        New conversation
      </button>
      <ul>
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <button
              type="button"
              className="conversation-link"
              aria-current={conversation.id === selectedId ? 'page' : undefined}
              onClick={() => onSelect(conversation.id)}
            >
              {conversation.title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
