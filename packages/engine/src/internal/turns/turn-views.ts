import {
  TURN_ERROR_CODES,
  type Turn,
  type TurnError,
  type TurnSummary,
} from '@partner-assistant/contract';
import { messageIdOf } from '../ids/message-ids.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import { assistantMessageView, isoInstant } from './message-views.ts';
import type { TurnAnswerLookup } from './turn-answer.ts';

/** The error of every failed turn: the simulated assistant fails one way only. */
export const SIMULATED_FAILURE: Readonly<TurnError> = Object.freeze({
  code: 'processing_failed',
  message: 'The assistant could not produce an answer (simulated failure)',
  retryable: TURN_ERROR_CODES.processing_failed.retryable,
});

/** The five fields the specification gives every turn. */
export function turnSummaryView(turn: TurnRecord): TurnSummary {
  return {
    turn_id: turn.id,
    conversation_id: turn.conversationId,
    status: turn.status,
    created_at: isoInstant(turn.createdAt),
    updated_at: isoInstant(turn.updatedAt),
  };
}

/**
 * The full turn, as `GET /turns/{turn_id}` and turn events show it; `answerOf` is asked only once
 * the turn has its assistant message.
 */
export function turnView(turn: TurnRecord, answerOf: TurnAnswerLookup): Turn {
  // The summary's five fields written out, in its order: no intermediate object per view.
  return {
    turn_id: turn.id,
    conversation_id: turn.conversationId,
    status: turn.status,
    created_at: isoInstant(turn.createdAt),
    updated_at: isoInstant(turn.updatedAt),
    client_message_id: turn.clientMessageId,
    user_message_id: messageIdOf(turn.id, 'user'),
    assistant_message: turn.answered ? assistantMessageView(turn, answerOf(turn)) : null,
    error: turn.status === 'failed' ? { ...SIMULATED_FAILURE } : null,
  };
}
