import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { receivedServerEventSchema } from '../events/received-server-events.ts';
import { serverEventSchema } from '../events/server-events.ts';
import { createdConversationSchema, renamedConversationSchema } from '../resources/conversation.ts';
import { submitFeedbackResponseSchema } from '../resources/feedback.ts';
import { turnSchema } from '../resources/turn.ts';
import {
  ASSISTANT_MESSAGE_ID,
  AT,
  CONVERSATION_ID,
  TURN_ID,
  turnSummary,
} from './bodies.test-support.ts';
import { listMessagesResponseSchema } from './list-messages-response.ts';
import {
  receivedCreatedConversationSchema,
  receivedListMessagesResponseSchema,
  receivedRenamedConversationSchema,
  receivedSendMessageResponseSchema,
  receivedSubmitFeedbackResponseSchema,
  receivedTurnSchema,
} from './received-responses.ts';

/** A message with the specification's fields only (no `turn_id`: promised in history listings). */
const bareMessage = {
  message_id: ASSISTANT_MESSAGE_ID,
  role: 'assistant',
  content: 'Book an appointment.',
  status: 'completed',
  created_at: AT,
};
const event = (type: string, fields: object) => ({ type, turn_id: TURN_ID, seq: 2, ...fields });

/** Bodies with exactly the fields the specification shows: [name, exact schema, received schema, body]. */
const specExact: [string, z.ZodType, z.ZodType, unknown][] = [
  ['sendMessage', turnSchema, receivedSendMessageResponseSchema, turnSummary],
  [
    'listMessages',
    listMessagesResponseSchema,
    receivedListMessagesResponseSchema,
    { messages: [] },
  ],
  [
    'createConversation',
    createdConversationSchema,
    receivedCreatedConversationSchema,
    { conversation_id: CONVERSATION_ID, title: 'Passport', created_at: AT },
  ],
  [
    'renameConversation',
    renamedConversationSchema,
    receivedRenamedConversationSchema,
    { conversation_id: CONVERSATION_ID, title: 'Passport', updated_at: AT },
  ],
  [
    'submitFeedback',
    submitFeedbackResponseSchema,
    receivedSubmitFeedbackResponseSchema,
    { success: true, feedback: { rating: 'up' } },
  ],
  [
    'assistant.completed',
    serverEventSchema,
    receivedServerEventSchema,
    event('assistant.completed', { message: bareMessage }),
  ],
  [
    'assistant.error',
    serverEventSchema,
    receivedServerEventSchema,
    event('assistant.error', { error: { message: 'No answer' } }),
  ],
];

describe('received schemas: tolerant on the way in, the exact ones unchanged', () => {
  it.each(specExact)('%s with the specification fields only', (_, exact, received, body) => {
    expect(received.safeParse(body).success).toBe(true);
    expect(exact.safeParse(body).success).toBe(false); // the server's self-check stays exact
  });

  it('still requires what the specification promises', () => {
    const { status: _, ...noStatus } = turnSummary;
    expect(receivedSendMessageResponseSchema.safeParse(noStatus).success).toBe(false);
    expect(receivedSubmitFeedbackResponseSchema.safeParse({ success: true }).success).toBe(false);
    const noMessage = event('assistant.error', { error: { code: 'x' } });
    expect(receivedServerEventSchema.safeParse(noMessage).success).toBe(false);
    // In history listings, `turn_id` is promised.
    const listed = receivedListMessagesResponseSchema.safeParse({ messages: [bareMessage] });
    expect(listed.success).toBe(false);
  });

  it('keeps the project decisions where the specification shows nothing', () => {
    // Fields of a turn beyond the five, in `GET /turns/{turn_id}` and turn events.
    expect(receivedTurnSchema.safeParse(turnSummary).success).toBe(false);
    const { seq: _, ...noSeq } = event('assistant.delta', { text: 'a' });
    expect(receivedServerEventSchema.safeParse(noSeq).success).toBe(false);
  });
});
