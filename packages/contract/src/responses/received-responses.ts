import type { z } from 'zod';
import { createdConversationSchema, renamedConversationSchema } from '../resources/conversation.ts';
import { feedbackSchema, submitFeedbackResponseSchema } from '../resources/feedback.ts';
import { messageSchema } from '../resources/message.ts';
import { turnErrorSchema, turnSchema } from '../resources/turn.ts';
import { listMessagesResponseSchema } from './list-messages-response.ts';

/*
 * The response bodies as a client must accept them ("tolerant reader"): where the specification
 * shows a body's fields, only those are required, and what the project's decisions add is
 * optional (each SDK documents what it does without it). The schemas beside these stay exact:
 * the reference server checks what it sends against them. A table of every field is in
 * `docs/reference/decisions.md`, "What a deployment must send for the SDKs to work".
 */

/**
 * A message as received outside history listings (`assistant.completed`, a turn's
 * `assistant_message`): the specification promises its `turn_id` in history listings only.
 */
export const receivedMessageSchema = messageSchema.partial({ turn_id: true });

/** Why a turn failed, as received: the specification promises `message` only. */
export const receivedTurnErrorSchema = turnErrorSchema.partial({ code: true, retryable: true });

/**
 * A turn as received from `GET /turns/{turn_id}` and in turn events: its fields beyond the five
 * are the project's (required), with a received message and error.
 */
export const receivedTurnSchema = turnSchema.extend({
  assistant_message: receivedMessageSchema.nullable(),
  error: receivedTurnErrorSchema.nullable(),
});

/** Response of message submission as received: the specification promises the five turn fields. */
export const receivedSendMessageResponseSchema = receivedTurnSchema.partial({
  client_message_id: true,
  user_message_id: true,
  assistant_message: true,
  error: true,
});

/** Response of history listing as received: `has_more` is the project's; `turn_id` is promised. */
export const receivedListMessagesResponseSchema = listMessagesResponseSchema.partial({
  has_more: true,
});

/** Response of conversation creation as received: `updated_at` is the project's. */
export const receivedCreatedConversationSchema = createdConversationSchema.partial({
  updated_at: true,
});

/** Response of a rename as received: `created_at` is the project's. */
export const receivedRenamedConversationSchema = renamedConversationSchema.partial({
  created_at: true,
});

/** Response of feedback submission as received: the specification promises `feedback.rating`. */
export const receivedSubmitFeedbackResponseSchema = submitFeedbackResponseSchema.extend({
  feedback: feedbackSchema.partial({
    reason: true,
    comment: true,
    message_id: true,
    updated_at: true,
  }),
});

/** A message as received outside history listings (`turn_id` may be absent). */
export type ReceivedMessage = z.infer<typeof receivedMessageSchema>;
/** Why a turn failed, as received (`message` only is sure). */
export type ReceivedTurnError = z.infer<typeof receivedTurnErrorSchema>;
/** A turn as received from `GET /turns/{turn_id}` and in turn events. */
export type ReceivedTurn = z.infer<typeof receivedTurnSchema>;
/** Response of message submission as received (the five turn fields are sure). */
export type ReceivedSendMessageResponse = z.infer<typeof receivedSendMessageResponseSchema>;
/** Response of history listing as received. */
export type ReceivedListMessagesResponse = z.infer<typeof receivedListMessagesResponseSchema>;
/** Response of conversation creation as received. */
export type ReceivedCreatedConversation = z.infer<typeof receivedCreatedConversationSchema>;
/** Response of a rename as received. */
export type ReceivedRenamedConversation = z.infer<typeof receivedRenamedConversationSchema>;
/** Response of feedback submission as received. */
export type ReceivedSubmitFeedbackResponse = z.infer<typeof receivedSubmitFeedbackResponseSchema>;
