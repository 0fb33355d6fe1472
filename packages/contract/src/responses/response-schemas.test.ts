import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { capabilitiesSchema } from '../resources/capabilities.ts';
import { createdConversationSchema, renamedConversationSchema } from '../resources/conversation.ts';
import { messageSchema } from '../resources/message.ts';
import { turnSchema, turnSummarySchema } from '../resources/turn.ts';
import {
  ASSISTANT_MESSAGE_ID,
  AT,
  CONVERSATION_ID,
  TURN_ID,
  turnSummary,
} from './bodies.test-support.ts';
import {
  deleteConversationResponseSchema,
  deleteTurnResponseSchema,
  eraseUserResponseSchema,
} from './deletion-responses.ts';
import { listMessagesResponseSchema } from './list-messages-response.ts';

const USER_MESSAGE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const assistantMessage = {
  message_id: ASSISTANT_MESSAGE_ID,
  turn_id: TURN_ID,
  role: 'assistant',
  content: 'Book an appointment at a town hall.',
  status: 'completed',
  created_at: AT,
  cards: [{ id: 'c1', type: 'procedure', title: 'Passport renewal', url: 'https://example.org/p' }],
  visualizations: [{ id: 'v1', type: 'map', title: 'Town halls', data: { points: [] } }],
  suggested_actions: [
    { id: 'a1', type: 'reply', label: 'Which documents?', value: 'Which documents?' },
  ],
};

const endedTurn = {
  ...turnSummary,
  status: 'completed',
  client_message_id: 'msg-1',
  user_message_id: USER_MESSAGE_ID,
  assistant_message: assistantMessage,
  error: null,
};

interface Row {
  schema: z.ZodType;
  example: Record<string, unknown>;
  required: string[];
  uuids: string[];
  timestamps: string[];
}

const rows: Record<string, Row> = {
  createdConversation: {
    schema: createdConversationSchema,
    example: {
      conversation_id: CONVERSATION_ID,
      title: 'Passport',
      created_at: AT,
      updated_at: AT,
    },
    required: ['conversation_id', 'title', 'created_at', 'updated_at'],
    uuids: ['conversation_id'],
    timestamps: ['created_at', 'updated_at'],
  },
  renamedConversation: {
    schema: renamedConversationSchema,
    example: {
      conversation_id: CONVERSATION_ID,
      title: 'Passport',
      updated_at: AT,
      created_at: AT,
    },
    required: ['conversation_id', 'title', 'updated_at', 'created_at'],
    uuids: ['conversation_id'],
    timestamps: ['updated_at', 'created_at'],
  },
  turnSummary: {
    schema: turnSummarySchema,
    example: turnSummary,
    required: ['turn_id', 'conversation_id', 'status', 'created_at', 'updated_at'],
    uuids: ['turn_id', 'conversation_id'],
    timestamps: ['created_at', 'updated_at'],
  },
  turn: {
    schema: turnSchema,
    example: endedTurn,
    required: Object.keys(endedTurn),
    uuids: ['turn_id', 'conversation_id', 'user_message_id'],
    timestamps: ['created_at', 'updated_at'],
  },
  message: {
    schema: messageSchema,
    example: assistantMessage,
    required: ['message_id', 'turn_id', 'role', 'content', 'status', 'created_at'],
    uuids: ['message_id', 'turn_id'],
    timestamps: ['created_at'],
  },
  listMessages: {
    schema: listMessagesResponseSchema,
    example: { messages: [assistantMessage], has_more: false },
    required: ['messages'],
    uuids: [],
    timestamps: [],
  },
  deleteConversation: {
    schema: deleteConversationResponseSchema,
    example: { deleted: true, conversation_id: CONVERSATION_ID },
    required: ['deleted', 'conversation_id'],
    uuids: ['conversation_id'],
    timestamps: [],
  },
  deleteTurn: {
    schema: deleteTurnResponseSchema,
    example: {
      deleted: true,
      turn_id: TURN_ID,
      conversation_id: CONVERSATION_ID,
      user_message_id: USER_MESSAGE_ID,
      assistant_message_id: ASSISTANT_MESSAGE_ID,
    },
    required: ['deleted', 'turn_id', 'conversation_id', 'user_message_id', 'assistant_message_id'],
    uuids: ['turn_id', 'conversation_id', 'user_message_id', 'assistant_message_id'],
    timestamps: [],
  },
  eraseUser: {
    schema: eraseUserResponseSchema,
    example: { deleted: true },
    required: ['deleted'],
    uuids: [],
    timestamps: [],
  },
  capabilities: {
    schema: capabilitiesSchema,
    example: {
      api_version: 'v1',
      partner: { id: '5b0f9f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b', name: 'Acme' },
      environment: 'production',
      locales: ['fr-FR', 'en-GB'],
      capabilities: ['administrative_procedures', 'local_life'],
      limits: {
        message_characters: 2000,
        requests_per_minute: 600,
        concurrent_turns: 4,
        daily_messages: 5000,
      },
    },
    required: ['api_version', 'partner', 'environment', 'locales', 'capabilities', 'limits'],
    uuids: [],
    timestamps: [],
  },
};

const entries = Object.entries(rows);
const without = (object: Record<string, unknown>, field: string) => {
  const { [field]: _, ...rest } = object;
  return rest;
};

describe('response schemas', () => {
  it.each(entries)('%s accepts a realistic example unchanged', (_, { schema, example }) => {
    expect(schema.parse(example)).toEqual(example);
  });

  it.each(entries)('%s keeps a field added by a later version', (_, { schema, example }) => {
    const later = { ...example, added_in_v1_1: { nested: true } };
    expect(schema.parse(later)).toEqual(later);
  });

  it.each(
    entries.flatMap(([name, row]) => row.required.map((field) => [name, field, row] as const)),
  )('%s refuses a body without %s', (_, field, { schema, example }) => {
    expect(schema.safeParse(without(example, field)).success).toBe(false);
  });

  it.each(entries.flatMap(([name, row]) => row.uuids.map((field) => [name, field, row] as const)))(
    '%s refuses a malformed %s',
    (_, field, { schema, example }) => {
      expect(schema.safeParse({ ...example, [field]: 'not-a-uuid' }).success).toBe(false);
    },
  );

  it.each(
    entries.flatMap(([name, row]) => row.timestamps.map((field) => [name, field, row] as const)),
  )('%s refuses a %s that is not an ISO 8601 date-time', (_, field, { schema, example }) => {
    expect(schema.safeParse({ ...example, [field]: '2026-11-21' }).success).toBe(false);
  });
});

describe('specific response rules', () => {
  it.each([
    [
      'a conversation created without a title',
      createdConversationSchema,
      { ...rows.createdConversation!.example, title: null },
      true,
    ],
    [
      'deleted false',
      deleteConversationResponseSchema,
      { deleted: false, conversation_id: CONVERSATION_ID },
      false,
    ],
    ['erasure with deleted false', eraseUserResponseSchema, { deleted: false }, false],
    [
      'a turn status outside the four',
      turnSummarySchema,
      { ...turnSummary, status: 'cancelled' },
      false,
    ],
    [
      'a queued turn without result yet',
      turnSchema,
      { ...endedTurn, status: 'queued', assistant_message: null },
      true,
    ],
    [
      'a failed turn with its error',
      turnSchema,
      {
        ...endedTurn,
        status: 'failed',
        error: { code: 'processing_failed', message: 'No answer', retryable: true },
      },
      true,
    ],
    [
      'a message role other than user/assistant',
      messageSchema,
      { ...assistantMessage, role: 'system' },
      false,
    ],
    [
      'a message status outside completed/failed',
      messageSchema,
      { ...assistantMessage, status: 'running' },
      false,
    ],
    [
      'a card without title',
      messageSchema,
      { ...assistantMessage, cards: [{ id: 'c1', type: 'place' }] },
      false,
    ],
    [
      'a card of a type unknown today',
      messageSchema,
      { ...assistantMessage, cards: [{ id: 'c2', type: 'weather', title: 'Rain' }] },
      true,
    ],
    [
      'api_version v2',
      capabilitiesSchema,
      { ...rows.capabilities!.example, api_version: 'v2' },
      false,
    ],
    [
      'a malformed partner id',
      capabilitiesSchema,
      { ...rows.capabilities!.example, partner: { id: 'acme', name: 'Acme' } },
      false,
    ],
    [
      'environment staging',
      capabilitiesSchema,
      { ...rows.capabilities!.example, environment: 'staging' },
      false,
    ],
    [
      'a fractional limit',
      capabilitiesSchema,
      {
        ...rows.capabilities!.example,
        limits: {
          message_characters: 2000.5,
          requests_per_minute: 600,
          concurrent_turns: 4,
          daily_messages: 5000,
        },
      },
      false,
    ],
    ['a history page that is not an array', listMessagesResponseSchema, { messages: {} }, false],
  ] as const)('%s: accepted = %s', (_, schema, body, accepted) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(accepted);
  });

  it('gives a user message without structured content empty arrays', () => {
    const { cards: _c, visualizations: _v, suggested_actions: _s, ...bare } = assistantMessage;
    const parsed = messageSchema.parse({ ...bare, role: 'user', content: 'How do I renew?' });
    expect(parsed).toMatchObject({ cards: [], visualizations: [], suggested_actions: [] });
  });
});
