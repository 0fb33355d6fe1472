import { type Feedback, isTurnInProgress, type TurnStatus } from '@partner-assistant/contract';
import {
  type ConversationRecord,
  type EngineState,
  ownedKey,
  type TurnRecord,
} from './engine-state.ts';

/**
 * The one module that changes conversations, turns, messages, feedback and idempotency keys, so
 * their invariants hold in one place: a conversation belongs to one user and lists its turns and
 * messages in order; a turn holds both of its messages; a turn in progress is in
 * `turnsInProgress`; an idempotency key names a stored turn; feedback belongs to a stored
 * assistant message. Everything else reads the state and calls these functions to change it.
 */

/** The conversation `conversationId` of `userId`; another user's is not found. */
export function findConversation(
  state: EngineState,
  userId: string,
  conversationId: string,
): ConversationRecord | undefined {
  return state.conversations.get(ownedKey(userId, conversationId));
}

/** Stores a new, empty conversation. */
export function addConversation(state: EngineState, conversation: ConversationRecord): void {
  state.conversations.set(ownedKey(conversation.userId, conversation.id), conversation);
}

/** The turns of `conversation`, in submission order. */
export function turnsOf(state: EngineState, conversation: ConversationRecord): TurnRecord[] {
  return conversation.turnIds.flatMap((id) => state.turns.get(id) ?? []);
}

/** The turn a user submitted under `clientMessageId`, if any. */
export function findTurnByKey(
  state: EngineState,
  userId: string,
  clientMessageId: string,
): TurnRecord | undefined {
  const turnId = state.idempotencyKeys.get(userId)?.get(clientMessageId);
  return turnId === undefined ? undefined : state.turns.get(turnId);
}

/** Stores a `queued` turn (and its user message) at the end of its conversation. */
export function addTurn(
  state: EngineState,
  conversation: ConversationRecord,
  turn: TurnRecord,
): void {
  state.turns.set(turn.id, turn);
  state.messages.set(turn.userMessageId, turn);
  state.turnsInProgress.add(turn);
  let ofClient = state.turnsInProgressByClient.get(turn.clientId);
  if (!ofClient) {
    ofClient = new Set();
    state.turnsInProgressByClient.set(turn.clientId, ofClient);
  }
  ofClient.add(turn);
  let keys = state.idempotencyKeys.get(turn.userId);
  if (!keys) {
    keys = new Map();
    state.idempotencyKeys.set(turn.userId, keys);
  }
  keys.set(turn.clientMessageId, turn.id);
  conversation.messageIds.push(turn.userMessageId);
  conversation.turnIds.push(turn.id);
}

/** Takes a turn out of the turns in progress (of the server and of its application). */
function endProgress(state: EngineState, turn: TurnRecord): void {
  if (!state.turnsInProgress.delete(turn)) return;
  const ofClient = state.turnsInProgressByClient.get(turn.clientId);
  ofClient?.delete(turn);
  if (ofClient?.size === 0) state.turnsInProgressByClient.delete(turn.clientId);
}

/** Moves a turn to `status` at `now`; an ended turn leaves `turnsInProgress`. */
export function setTurnStatus(
  state: EngineState,
  turn: TurnRecord,
  status: TurnStatus,
  now: number,
): void {
  turn.status = status;
  turn.updatedAt = now;
  if (!isTurnInProgress(status)) endProgress(state, turn);
}

/** Gives an ending turn its assistant message, listed after the user message. */
export function addAssistantMessage(state: EngineState, turn: TurnRecord, messageId: string): void {
  turn.assistantMessageId = messageId;
  state.messages.set(messageId, turn);
  findConversation(state, turn.userId, turn.conversationId)?.messageIds.push(messageId);
}

/** Records (or replaces) the feedback on an assistant message. */
export function setFeedback(state: EngineState, messageId: string, feedback: Feedback): void {
  state.feedback.set(messageId, feedback);
}

function removeMessage(state: EngineState, messageId: string | null): void {
  if (!messageId) return;
  state.messages.delete(messageId);
  state.feedback.delete(messageId);
}

/**
 * Removes a turn, its two messages, their feedback and its idempotency key, and takes them out of
 * their conversation's lists unless the whole conversation goes (`withConversation`): filtering
 * those lists once per turn would make erasing a long conversation quadratic.
 */
export function removeTurn(state: EngineState, turn: TurnRecord, withConversation = false): void {
  removeMessage(state, turn.userMessageId);
  removeMessage(state, turn.assistantMessageId);
  state.turns.delete(turn.id);
  endProgress(state, turn);
  const keys = state.idempotencyKeys.get(turn.userId);
  keys?.delete(turn.clientMessageId);
  if (keys?.size === 0) state.idempotencyKeys.delete(turn.userId);
  const conversation = withConversation
    ? undefined
    : findConversation(state, turn.userId, turn.conversationId);
  if (conversation) {
    const gone = new Set([turn.userMessageId, turn.assistantMessageId]);
    conversation.messageIds = conversation.messageIds.filter((id) => !gone.has(id));
    conversation.turnIds = conversation.turnIds.filter((id) => id !== turn.id);
  }
}

/** Removes a conversation whose turns are already removed, with any message left in it. */
export function removeConversation(state: EngineState, conversation: ConversationRecord): void {
  for (const messageId of conversation.messageIds) removeMessage(state, messageId);
  state.conversations.delete(ownedKey(conversation.userId, conversation.id));
}
