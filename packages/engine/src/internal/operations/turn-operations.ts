import { type DeleteTurnResponse, isTurnInProgress } from '@partner-assistant/contract';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { UserCaller } from '../identity/caller.ts';
import { assistantMessageIdOf, userMessageIdOf } from '../state/conversation-store.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import { answerOfTurn } from '../turns/turn-answer.ts';
import { turnView } from '../turns/turn-views.ts';
import { removeTurn } from './data-removal.ts';
import type { EngineServices, OperationHandler } from './operation-types.ts';

/** The caller's turn `turnId`; another user's or tenant's is not found. */
export function findTurn(services: EngineServices, caller: UserCaller, turnId: string): TurnRecord {
  const turn = services.context.state.turns.get(turnId);
  if (!turn || turn.userId !== caller.token.userId) throw notFound('Turn');
  return turn;
}

/** `GET /turns/{turn_id}`: the turn and, once ended, its result. */
export const getTurn: OperationHandler<'getTurn'> = (services, caller, { params }) => {
  const turn = findTurn(services, caller, params.turn_id);
  return { status: 200, body: turnView(turn, answerOfTurn) };
};

/** `DELETE /turns/{turn_id}`: removes both messages; refused with 409 while the turn runs. */
export const deleteTurn: OperationHandler<'deleteTurn'> = (services, caller, { params }) => {
  const turn = findTurn(services, caller, params.turn_id);
  const answer = assistantMessageIdOf(turn);
  if (isTurnInProgress(turn.status) || answer === null) {
    throw new ApiError(
      'turn_in_progress',
      'The turn is still in progress; retry once it has ended',
    );
  }
  removeTurn(services, turn);
  const deleted: DeleteTurnResponse = {
    deleted: true,
    turn_id: turn.id,
    conversation_id: turn.conversationId,
    user_message_id: userMessageIdOf(turn),
    assistant_message_id: answer,
  };
  return { status: 200, body: deleted };
};
