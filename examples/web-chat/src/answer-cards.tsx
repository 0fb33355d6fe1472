import type { Card } from '@partner-assistant/react';
import { EXTERNAL_LINK, safeLink } from './safe-link.ts';

/** The card types this chat shows; cards of other types are ignored, as the API asks. */
const KNOWN_CARD_TYPES = new Set(['procedure', 'place', 'event', 'link']);

/** An answer's cards: a title (a link when the card has a web address) and a description. */
export function AnswerCards({ cards }: { cards: readonly Card[] }) {
  const shown = cards.filter((card) => KNOWN_CARD_TYPES.has(card.type));
  if (shown.length === 0) return null;
  return (
    <ul className="cards" aria-label="Related">
      {shown.map((card) => {
        const href = safeLink(card.url);
        return (
          <li key={card.id} className={`card card-${card.type}`}>
            <span className="card-title">
              {href ? (
                <a href={href} {...EXTERNAL_LINK}>
                  {card.title}
                </a>
              ) : (
                card.title
              )}
            </span>
            {card.description && <span className="card-description">{card.description}</span>}
          </li>
        );
      })}
    </ul>
  );
}
