import type { PartnerAssistantUIMessage } from '@partner-assistant/ai-sdk';
import { safeLink } from './safe-link.ts';

/**
 * A message's parts: its text, then an answer's cards (a link when the card has a web address)
 * and suggested replies (buttons that ask them). Types the app does not know show nothing.
 */
export function MessageParts(props: {
  message: PartnerAssistantUIMessage;
  onReply: (text: string) => void;
}) {
  const { message, onReply } = props;
  return message.parts.map((part, index) => {
    const key = `${message.id}-${index}`;
    if (part.type === 'text') return <p key={key}>{part.text}</p>;
    if (part.type === 'data-card') {
      const href = safeLink(part.data.url);
      return (
        <div key={key} className="card">
          <strong>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {part.data.title}
              </a>
            ) : (
              part.data.title
            )}
          </strong>
          {part.data.description && <p>{part.data.description}</p>}
        </div>
      );
    }
    if (part.type === 'data-suggested-action' && part.data.type === 'reply') {
      const { label, value } = part.data;
      return (
        <button key={key} type="button" onClick={() => onReply(value)}>
          {label}
        </button>
      );
    }
    return null;
  });
}
