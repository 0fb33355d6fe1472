import type { ConversationMessage } from '@partner-assistant/react';
import { FeedbackButtons } from './feedback-buttons.tsx';

/** One message: the user's question, or the assistant's answer (growing while it streams). */
export function MessageItem({ message }: { message: ConversationMessage }) {
  if (message.role === 'user') {
    return (
      <li className={`message user ${message.status === 'pending' ? 'pending' : ''}`}>
        {message.content}
      </li>
    );
  }
  if (message.status === 'failed') {
    return <li className="message assistant failed">The assistant could not answer this.</li>;
  }
  return (
    <li
      className={`message assistant ${message.status}`}
      aria-busy={message.status === 'streaming'}
      data-testid="assistant-message"
    >
      <p className="content">{message.content}</p>
      {message.status === 'completed' && <FeedbackButtons messageId={message.message_id} />}
    </li>
  );
}
