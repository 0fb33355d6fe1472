import { type ConversationRecord, ownedKey, type TurnRecord } from '../state/engine-state.ts';
import type { EngineServices } from './operation-types.ts';

function removeMessage(services: EngineServices, messageId: string | null): void {
  if (!messageId) return;
  services.context.state.messages.delete(messageId);
  services.context.state.feedback.delete(messageId);
}

/**
 * Removes a turn, its two messages, their feedback, its idempotency key and its event stream.
 * Callers check first that the turn is not in progress (or cancel it, for an erasure).
 */
export function removeTurn(services: EngineServices, turn: TurnRecord): void {
  const { state } = services.context;
  services.scheduler.cancel(turn.id);
  removeMessage(services, turn.userMessageId);
  removeMessage(services, turn.assistantMessageId);
  state.turns.delete(turn.id);
  state.turnsInProgress.delete(turn);
  const keys = state.idempotencyKeys.get(turn.userId);
  keys?.delete(turn.clientMessageId);
  if (keys?.size === 0) state.idempotencyKeys.delete(turn.userId);
  services.streams.end(turn.id);
  const conversation = state.conversations.get(ownedKey(turn.userId, turn.conversationId));
  if (conversation) {
    const gone = new Set([turn.userMessageId, turn.assistantMessageId]);
    conversation.messageIds = conversation.messageIds.filter((id) => !gone.has(id));
    conversation.turnIds = conversation.turnIds.filter((id) => id !== turn.id);
  }
}

/** Removes a conversation with all its turns and messages. */
export function removeConversation(
  services: EngineServices,
  conversation: ConversationRecord,
): void {
  const { state } = services.context;
  for (const turnId of [...conversation.turnIds]) {
    const turn = state.turns.get(turnId);
    if (turn) removeTurn(services, turn);
  }
  for (const messageId of conversation.messageIds) removeMessage(services, messageId);
  state.conversations.delete(ownedKey(conversation.userId, conversation.id));
}

/** The turns of `conversation` (in submission order). */
export function turnsOf(services: EngineServices, conversation: ConversationRecord): TurnRecord[] {
  const { turns } = services.context.state;
  return conversation.turnIds.flatMap((id) => turns.get(id) ?? []);
}
