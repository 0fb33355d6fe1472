import {
  type CreatedConversation,
  type DeleteConversationResponse,
  isTurnInProgress,
  type RenamedConversation,
} from '@partner-assistant/contract';
import { clockOf } from '../context/engine-context.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { UserCaller } from '../identity/caller.ts';
import * as store from '../state/conversation-store.ts';
import type { ConversationRecord } from '../state/engine-state.ts';
import { forgetInternedText, internText } from '../state/interned-text.ts';
import { isoInstant } from '../turns/message-views.ts';
import { removeConversation } from './data-removal.ts';
import type { EngineServices, OperationHandler } from './operation-types.ts';

/** The caller's conversation `conversationId`; another user's or tenant's is not found. */
export function findConversation(
  services: EngineServices,
  caller: UserCaller,
  conversationId: string,
): ConversationRecord {
  const conversation = store.findConversation(
    services.context.state,
    caller.token.userId,
    conversationId,
  );
  if (!conversation) throw notFound('Conversation');
  return conversation;
}

function createdView(conversation: ConversationRecord): CreatedConversation {
  return {
    conversation_id: conversation.id,
    title: conversation.title,
    created_at: isoInstant(conversation.createdAt),
    updated_at: isoInstant(conversation.updatedAt),
  };
}

/** `POST /conversations`: creates one (201), or resumes the caller's existing `conversation_id` (200). */
export const createConversation: OperationHandler<'createConversation'> = (
  services,
  caller,
  { body },
) => {
  const { state } = services.context;
  const userId = caller.token.userId;
  if (body.conversation_id) {
    const existing = store.findConversation(state, userId, body.conversation_id);
    if (existing) return { status: 200, body: createdView(existing) };
  }
  const now = clockOf(services.context, caller.application.clientId).now();
  const conversation: ConversationRecord = {
    id: body.conversation_id ?? services.context.random.uuid(),
    userId,
    // Suites name their conversations alike: one shared copy of a recent title.
    title: body.title === undefined || body.title === null ? null : internText(body.title),
    createdAt: now,
    updatedAt: now,
    messages: store.NO_MESSAGES,
  };
  store.addConversation(state, conversation);
  return { status: 201, body: createdView(conversation) };
};

/** `PATCH /conversations/{conversation_id}`: renames (the title is already normalized). */
export const renameConversation: OperationHandler<'renameConversation'> = (
  services,
  caller,
  input,
) => {
  const conversation = findConversation(services, caller, input.params.conversation_id);
  // The old title leaves the shared copies, as an erased conversation's does.
  if (conversation.title !== null) forgetInternedText(conversation.title);
  conversation.title = input.body.title;
  conversation.updatedAt = clockOf(services.context, caller.application.clientId).now();
  const renamed: RenamedConversation = {
    conversation_id: conversation.id,
    title: conversation.title,
    updated_at: isoInstant(conversation.updatedAt),
    created_at: isoInstant(conversation.createdAt),
  };
  return { status: 200, body: renamed };
};

/** `DELETE /conversations/{conversation_id}`: refused with 409 while one of its turns runs. */
export const deleteConversation: OperationHandler<'deleteConversation'> = (
  services,
  caller,
  { params },
) => {
  const conversation = findConversation(services, caller, params.conversation_id);
  if (store.turnsOf(conversation).some((turn) => isTurnInProgress(turn.status))) {
    throw new ApiError(
      'turn_in_progress',
      'The conversation has a turn in progress; retry once it has ended',
    );
  }
  removeConversation(services, conversation);
  const deleted: DeleteConversationResponse = { deleted: true, conversation_id: conversation.id };
  return { status: 200, body: deleted };
};
