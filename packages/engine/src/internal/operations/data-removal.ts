import { forgetQuestion } from '../assistant/answer-plan.ts';
import * as store from '../state/conversation-store.ts';
import type { ConversationRecord, TurnRecord } from '../state/engine-state.ts';
import { forgetInternedLocation } from '../state/interned-location.ts';
import { forgetInternedText } from '../state/interned-text.ts';
import type { EngineServices } from './operation-types.ts';

/**
 * Removes a turn through its lifecycle (store, timers, event stream) and forgets what the caches
 * derived from its question. Callers check first that the turn is not in progress, unless they
 * erase it.
 */
export function removeTurn(
  services: EngineServices,
  turn: TurnRecord,
  withConversation = false,
): void {
  services.lifecycle.remove(turn, withConversation);
  forgetQuestion(turn);
  forgetInternedText(turn.message);
  forgetInternedLocation(turn.location);
}

/** Removes a conversation with all its turns and messages. */
export function removeConversation(
  services: EngineServices,
  conversation: ConversationRecord,
): void {
  for (const turn of store.turnsOf(conversation)) removeTurn(services, turn, true);
  store.removeConversation(services.context.state, conversation);
  if (conversation.title !== null) forgetInternedText(conversation.title);
}
