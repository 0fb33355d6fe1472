import type { Rating } from '@partner-assistant/client';
import { usePartnerAssistantClient } from '@partner-assistant/react';
import { useState } from 'react';

/** Thumbs up and down under an answer, sent with `client.feedback.submit`. */
export function FeedbackButtons({ messageId }: { messageId: string }) {
  const client = usePartnerAssistantClient();
  const [rating, setRating] = useState<Rating | null>(null);
  const [failed, setFailed] = useState(false);

  const rate = async (value: Rating) => {
    const previous = rating;
    setRating(value);
    setFailed(false);
    try {
      // A new rating of the same answer replaces the previous one.
      await client.feedback.submit(messageId, { rating: value });
    } catch {
      setRating(previous);
      setFailed(true);
    }
  };

  return (
    <fieldset className="feedback" aria-label="Rate this answer">
      <button
        type="button"
        aria-label="Helpful"
        aria-pressed={rating === 'up'}
        onClick={() => void rate('up')}
      >
        <ThumbIcon />
      </button>
      <button
        type="button"
        aria-label="Not helpful"
        aria-pressed={rating === 'down'}
        onClick={() => void rate('down')}
      >
        <ThumbIcon down />
      </button>
      {rating !== null && <span className="hint">Thanks for your feedback.</span>}
      {failed && <span className="hint">Your rating could not be sent. Try again.</span>}
    </fieldset>
  );
}

/** A thumb drawn inline: no icon font or emoji font needed. */
function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path
        fill="currentColor"
        d="M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
      />
    </svg>
  );
}
