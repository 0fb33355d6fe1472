import type { Message } from '@partner-assistant/client';
import type { PartnerAssistantUIPart } from './data-parts.ts';

/** A data part of an answer's structured content. */
export type StructuredPart = Extract<
  PartnerAssistantUIPart,
  { type: 'data-card' | 'data-visualization' | 'data-suggested-action' }
>;

/** The data part of each element of a message's structured content, in the message's order. */
export function structuredParts(message: Message): StructuredPart[] {
  return [
    ...message.cards.map((card) => ({ type: 'data-card' as const, id: card.id, data: card })),
    ...message.visualizations.map((visualization) => ({
      type: 'data-visualization' as const,
      id: visualization.id,
      data: visualization,
    })),
    ...message.suggested_actions.map((action) => ({
      type: 'data-suggested-action' as const,
      id: action.id,
      data: action,
    })),
  ];
}

/**
 * The parts of an API message as `useChat` holds them once a stream of it ended: its text (when
 * not empty), then one data part per card, visualization and suggested action.
 */
export function messageParts(message: Message): PartnerAssistantUIPart[] {
  const text: PartnerAssistantUIPart[] =
    message.content === '' ? [] : [{ type: 'text', text: message.content, state: 'done' }];
  return [...text, ...structuredParts(message)];
}
