import {
  HTTP_HEADERS,
  isTurnInProgress,
  type ListMessagesResponse,
  type Message,
} from '@partner-assistant/contract';
import { keptMessage } from '../turns/kept-messages.ts';
import { submitMessage } from '../turns/message-submission.ts';
import { answerOfTurn } from '../turns/turn-answer.ts';
import { turnView } from '../turns/turn-views.ts';
import { findConversation } from './conversation-operations.ts';
import type { OperationHandler } from './operation-types.ts';

/**
 * `POST /conversations/{conversation_id}/messages`: 202 with the `queued` turn; a replay answers
 * the original turn as it is now (202 while in progress, 200 once ended) with `Idempotent-Replayed`.
 */
export const sendMessage: OperationHandler<'sendMessage'> = (
  services,
  caller,
  { params, body },
) => {
  const { turn, replayed } = submitMessage(services, caller, {
    conversationId: params.conversation_id,
    clientMessageId: body.client_message_id,
    message: body.message,
    location: body.location,
    fieldPrefix: 'body',
  });
  const status = isTurnInProgress(turn.status) ? 202 : 200;
  const headers = replayed ? { [HTTP_HEADERS.idempotentReplayed]: 'true' } : undefined;
  return { status, body: turnView(turn, answerOfTurn), ...(headers ? { headers } : {}) };
};

/** `GET /conversations/{conversation_id}/messages`: one page of history, oldest first. */
export const listMessages: OperationHandler<'listMessages'> = (
  services,
  caller,
  { params, query },
) => {
  const conversation = findConversation(services, caller, params.conversation_id);
  const { state } = services.context;
  const views: Message[] = [];
  const texts: string[] = [];
  // Page the list first: a long history must not cost a copy of every message per request.
  for (const entry of conversation.messages.slice(query.offset, query.offset + query.limit)) {
    const kept = keptMessage(state, entry);
    if (!kept) continue;
    views.push(kept.view);
    texts.push(kept.json);
  }
  const page: ListMessagesResponse = {
    messages: views,
    has_more: query.offset + query.limit < conversation.messages.length,
  };
  // The page's text from its messages' kept texts: what JSON.stringify(page) writes.
  const json = `{"messages":[${texts.join(',')}],"has_more":${page.has_more}}`;
  return { status: 200, body: page, json };
};
