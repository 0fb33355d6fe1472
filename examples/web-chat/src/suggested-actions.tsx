import type { SuggestedAction } from '@partner-assistant/react';
import { EXTERNAL_LINK, safeLink } from './safe-link.ts';

/** Props of {@link SuggestedActions}. */
export interface SuggestedActionsProps {
  actions: readonly SuggestedAction[];
  /** Sends a `reply` action's `value` as the next question. */
  onReply: (question: string) => void;
  /** While a question is on its way, replies wait. */
  disabled: boolean;
}

/**
 * Follow-ups under an answer: a `reply` is a button that asks its `value`, an `open_url` a link
 * to its `value`; other types are ignored, as the API asks.
 */
export function SuggestedActions({ actions, onReply, disabled }: SuggestedActionsProps) {
  const shown = actions.flatMap((action) => {
    if (action.type === 'reply') {
      return [
        <li key={action.id}>
          <button type="button" disabled={disabled} onClick={() => onReply(action.value)}>
            {action.label}
          </button>
        </li>,
      ];
    }
    const href = action.type === 'open_url' ? safeLink(action.value) : undefined;
    if (href === undefined) return [];
    return [
      <li key={action.id}>
        <a href={href} {...EXTERNAL_LINK}>
          {action.label}
        </a>
      </li>,
    ];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="suggested-actions" aria-label="Suggestions">
      {shown}
    </ul>
  );
}
