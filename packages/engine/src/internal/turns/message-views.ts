import type { Message } from '@partner-assistant/contract';
import type { AnswerContent } from '../assistant/answer-content.ts';
import { type MessageRole, messageIdOf } from '../ids/message-ids.ts';
import { BoundedCache } from '../state/bounded-cache.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import type { TurnAnswerLookup } from './turn-answer.ts';

const NONE: readonly never[] = Object.freeze([]);

const instants = new BoundedCache<string, number>(4096);

/**
 * An instant stored as epoch ms, as the API writes it (ISO 8601, UTC, milliseconds). Formatting
 * costs more than the rest of a history page: the texts of recent instants are kept.
 */
export function isoInstant(epochMs: number): string {
  return instants.get(epochMs, () => new Date(epochMs).toISOString());
}

/** The user message of a turn: its question. */
export function userMessageView(turn: TurnRecord): Message {
  return {
    message_id: messageIdOf(turn.id, 'user'),
    turn_id: turn.id,
    role: 'user',
    content: turn.message,
    status: 'completed',
    created_at: isoInstant(turn.createdAt),
    cards: NONE as never[],
    visualizations: NONE as never[],
    suggested_actions: NONE as never[],
  };
}

/**
 * The assistant message of an ended turn: its `answer` when `completed`, empty content when
 * `failed`. Its arrays are shared and frozen; responses serialize them as they are.
 */
export function assistantMessageView(turn: TurnRecord, answer: AnswerContent | undefined): Message {
  const completed = turn.status === 'completed';
  return {
    message_id: messageIdOf(turn.id, 'assistant'),
    turn_id: turn.id,
    role: 'assistant',
    content: answer?.text ?? '',
    status: completed ? 'completed' : 'failed',
    created_at: isoInstant(turn.updatedAt),
    cards: (answer?.cards ?? NONE) as Message['cards'],
    visualizations: (answer?.visualizations ?? NONE) as Message['visualizations'],
    suggested_actions: (answer?.suggestedActions ?? NONE) as Message['suggested_actions'],
  };
}

/**
 * The `role` message of `turn` (its user or its assistant message); `answerOf` is asked only
 * for an assistant message.
 */
export function messageView(
  turn: TurnRecord,
  role: MessageRole,
  answerOf: TurnAnswerLookup,
): Message {
  return role === 'assistant' ? assistantMessageView(turn, answerOf(turn)) : userMessageView(turn);
}
