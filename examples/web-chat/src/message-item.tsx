import type { ConversationMessage } from '@partner-assistant/react';
import { AnswerCards } from './answer-cards.tsx';
import { AnswerVisualizations } from './answer-visualizations.tsx';
import { FeedbackButtons } from './feedback-buttons.tsx';
import { SuggestedActions } from './suggested-actions.tsx';

/** Props of {@link MessageItem}. */
export interface MessageItemProps {
  message: ConversationMessage;
  /** The conversation's last message: only its suggested actions show. */
  latest: boolean;
  /** Asks a suggested reply. */
  onReply: (question: string) => void;
  /** While a question is on its way, suggested replies wait. */
  busy: boolean;
  /** The network is away: questions not sent yet wait for it. */
  offline?: boolean;
  /** Removes a question not sent yet. */
  onDiscard?: (messageId: string) => void;
}

/**
 * One message: the user's question, or the assistant's answer (growing while it streams), then,
 * once complete, its cards, visualizations and, on the latest answer, its suggested actions.
 */
export function MessageItem({
  message,
  latest,
  onReply,
  busy,
  offline,
  onDiscard,
}: MessageItemProps) {
  if (message.role === 'user') {
    const waiting = message.status === 'pending' && offline;
    return (
      <li className={`message user ${message.status === 'pending' ? 'pending' : ''}`}>
        {message.content}
        {waiting && (
          <span className="pending-note">
            Will be sent when you are back online{' '}
            <button type="button" onClick={() => onDiscard?.(message.message_id)}>
              Discard
            </button>
          </span>
        )}
      </li>
    );
  }
  if (message.status === 'failed') {
    return <li className="message assistant failed">The assistant could not answer this.</li>;
  }
  const completed = message.status === 'completed';
  return (
    <li
      className={`message assistant ${message.status}`}
      aria-busy={message.status === 'streaming'}
      data-testid="assistant-message"
    >
      <p className="content">{message.content}</p>
      {completed && <AnswerCards cards={message.cards} />}
      {completed && <AnswerVisualizations visualizations={message.visualizations} />}
      {completed && latest && (
        <SuggestedActions actions={message.suggested_actions} onReply={onReply} disabled={busy} />
      )}
      {completed && <FeedbackButtons messageId={message.message_id} />}
    </li>
  );
}
