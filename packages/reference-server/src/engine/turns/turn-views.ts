import type { Turn, TurnSummary } from '@partner-assistant/contract';
import type { EngineState, TurnRecord } from '../state/engine-state.ts';

/** The five fields the specification gives every turn. */
export function turnSummaryView(turn: TurnRecord): TurnSummary {
  return {
    turn_id: turn.id,
    conversation_id: turn.conversationId,
    status: turn.status,
    created_at: turn.createdAt,
    updated_at: turn.updatedAt,
  };
}

/** The full turn, as `GET /turns/{turn_id}` and turn events show it. */
export function turnView(state: EngineState, turn: TurnRecord): Turn {
  const assistant = turn.assistantMessageId
    ? state.messages.get(turn.assistantMessageId)
    : undefined;
  return {
    ...turnSummaryView(turn),
    client_message_id: turn.clientMessageId,
    user_message_id: turn.userMessageId,
    assistant_message: assistant ? structuredClone(assistant.message) : null,
    error: turn.error ? { ...turn.error } : null,
  };
}
