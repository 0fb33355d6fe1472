import { type Feedback, isTurnInProgress, type TurnStatus } from '@partner-assistant/contract';
import { type MessageRole, messageIdOf, turnIdOfMessage } from '../ids/message-ids.ts';
import type { ConversationRecord, EngineState, MessageEntry, TurnRecord } from './engine-state.ts';

/** The message list of every conversation that has none yet: one shared empty list. */
export const NO_MESSAGES: readonly MessageEntry[] = Object.freeze([]);

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

/** Stores a new, empty conversation (its `messages` is {@link NO_MESSAGES}). */
export function addConversation(state: EngineState, conversation: ConversationRecord): void {
  let ofUser = state.conversations.get(conversation.userId);
  if (!ofUser) {
    ofUser = new Map();
    state.conversations.set(conversation.userId, ofUser);
  }
  ofUser.set(conversation.id, conversation);
}

/** The turns of `conversation`, in submission order: those of its user messages. */
export function turnsOf(conversation: ConversationRecord): TurnRecord[] {
  return conversation.messages.filter((entry): entry is TurnRecord => typeof entry !== 'string');
}

/** A stored message: its turn, and which of the turn's two messages it is. */
export interface StoredMessage {
  /** The turn that holds it. */
  turn: TurnRecord;
  /** The user's question or the assistant's answer. */
  role: MessageRole;
}

/** The stored message `messageId` (a user message, or the assistant message of an ended turn). */
export function findMessage(state: EngineState, messageId: string): StoredMessage | undefined {
  const asked = state.turns.get(turnIdOfMessage(messageId, 'user'));
  if (asked) return { turn: asked, role: 'user' };
  const answered = state.turns.get(turnIdOfMessage(messageId, 'assistant'));
  return answered?.answered ? { turn: answered, role: 'assistant' } : undefined;
}

/** The id of the user message of `turn`. */
export function userMessageIdOf(turn: TurnRecord): string {
  return messageIdOf(turn.id, 'user');
}

/** The id of the assistant message of `turn`, once it holds one. */
export function assistantMessageIdOf(turn: TurnRecord): string | null {
  return turn.answered ? messageIdOf(turn.id, 'assistant') : null;
}

/** Appends a message to a conversation (the shared empty list becomes its own). */
function appendMessage(conversation: ConversationRecord, entry: MessageEntry): void {
  if (conversation.messages === NO_MESSAGES) conversation.messages = [entry];
  else (conversation.messages as MessageEntry[]).push(entry);
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
  appendMessage(conversation, turn);
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
export function addAssistantMessage(state: EngineState, turn: TurnRecord): void {
  if (turn.answered) return;
  turn.answered = true;
  const conversation = findConversation(state, turn.userId, turn.conversationId);
  if (conversation) appendMessage(conversation, turn.id);
}

/** Records (or replaces) the feedback on an assistant message. */
export function setFeedback(state: EngineState, messageId: string, feedback: Feedback): void {
  state.feedback.set(messageId, feedback);
}

/** Forgets the feedback and the kept texts of a turn's messages. */
function removeMessages(state: EngineState, turn: TurnRecord): void {
  state.keptMessages.user.delete(turn.id);
  state.keptMessages.assistant.delete(turn.id);
  const answer = assistantMessageIdOf(turn);
  if (answer !== null) state.feedback.delete(answer);
}

/**
 * Removes a turn, its two messages, their feedback and its idempotency key, and takes them out of
 * their conversation's lists unless the whole conversation goes (`withConversation`): filtering
 * those lists once per turn would make erasing a long conversation quadratic.
 */
export function removeTurn(state: EngineState, turn: TurnRecord, withConversation = false): void {
  removeMessages(state, turn);
  state.turns.delete(turn.id);
  endProgress(state, turn);
  const keys = state.idempotencyKeys.get(turn.userId);
  keys?.delete(turn.clientMessageId);
  if (keys?.size === 0) state.idempotencyKeys.delete(turn.userId);
  const conversation = withConversation
    ? undefined
    : findConversation(state, turn.userId, turn.conversationId);
  if (conversation) {
    conversation.messages = conversation.messages.filter(
      (entry) => entry !== turn && entry !== turn.id,
    );
  }
}

/** Removes a conversation whose turns are already removed. */
export function removeConversation(state: EngineState, conversation: ConversationRecord): void {
  const ofUser = state.conversations.get(conversation.userId);
  ofUser?.delete(conversation.id);
  if (ofUser?.size === 0) state.conversations.delete(conversation.userId);
}
