import { type Feedback, isTurnInProgress, type TurnStatus } from '@partner-assistant/contract';
import type { ConversationRecord, EngineState, TurnRecord } from './engine-state.ts';

/** The message list of every conversation that has none yet: one shared empty list. */
export const NO_MESSAGES: readonly string[] = Object.freeze([]);

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
  return state.conversations.get(userId)?.get(conversationId);
}

/** The conversations of `userId`. */
export function conversationsOf(state: EngineState, userId: string): ConversationRecord[] {
  return [...(state.conversations.get(userId)?.values() ?? [])];
}

/** Stores a new, empty conversation (its `messageIds` is {@link NO_MESSAGES}). */
export function addConversation(state: EngineState, conversation: ConversationRecord): void {
  let ofUser = state.conversations.get(conversation.userId);
  if (!ofUser) {
    ofUser = new Map();
    state.conversations.set(conversation.userId, ofUser);
  }
  ofUser.set(conversation.id, conversation);
}

/** The turns of `conversation`, in submission order: those of its user messages. */
export function turnsOf(state: EngineState, conversation: ConversationRecord): TurnRecord[] {
  return conversation.messageIds.flatMap((id) => {
    const turn = state.messages.get(id);
    return turn && turn.userMessageId === id ? [turn] : [];
  });
}

/** Appends a message id to a conversation (the shared empty list becomes its own). */
function appendMessage(conversation: ConversationRecord, messageId: string): void {
  if (conversation.messageIds === NO_MESSAGES) conversation.messageIds = [messageId];
  else (conversation.messageIds as string[]).push(messageId);
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
  appendMessage(conversation, turn.userMessageId);
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
  const conversation = findConversation(state, turn.userId, turn.conversationId);
  if (conversation) appendMessage(conversation, messageId);
}

/** Records (or replaces) the feedback on an assistant message. */
export function setFeedback(state: EngineState, messageId: string, feedback: Feedback): void {
  state.feedback.set(messageId, feedback);
}

function removeMessage(state: EngineState, messageId: string | null): void {
  if (!messageId) return;
  state.messages.delete(messageId);
  state.feedback.delete(messageId);
  state.messageTexts.delete(messageId);
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
  }
}

/** Removes a conversation whose turns are already removed, with any message left in it. */
export function removeConversation(state: EngineState, conversation: ConversationRecord): void {
  for (const messageId of conversation.messageIds) removeMessage(state, messageId);
  const ofUser = state.conversations.get(conversation.userId);
  ofUser?.delete(conversation.id);
  if (ofUser?.size === 0) state.conversations.delete(conversation.userId);
}
