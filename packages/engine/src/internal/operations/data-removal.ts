import { forgetQuestion } from '../assistant/answer-plan.ts';
import * as store from '../state/conversation-store.ts';
import type { ConversationRecord, TurnRecord } from '../state/engine-state.ts';
import { forgetInternedText } from '../state/interned-text.ts';
import type { EngineServices } from './operation-types.ts';

/**
 * Removes a turn from the store, with its timers and its event stream. Callers check first that
 * the turn is not in progress (or cancel it, for an erasure).
 */
export function removeTurn(
  services: EngineServices,
  turn: TurnRecord,
  withConversation = false,
): void {
  services.scheduler.cancel(turn.id);
  store.removeTurn(services.context.state, turn, withConversation);
  services.streams.end(turn.id);
  forgetQuestion(turn);
  forgetInternedText(turn.message);
}

/** Removes a conversation with all its turns and messages. */
export function removeConversation(
  services: EngineServices,
  conversation: ConversationRecord,
): void {
  for (const turn of store.turnsOf(services.context.state, conversation))
    removeTurn(services, turn, true);
  store.removeConversation(services.context.state, conversation);
}
