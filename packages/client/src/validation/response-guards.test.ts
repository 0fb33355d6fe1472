import {
  capabilitiesSchema,
  deleteConversationResponseSchema,
  deleteTurnResponseSchema,
  receivedCreatedConversationSchema,
  receivedListMessagesResponseSchema,
  receivedRenamedConversationSchema,
  receivedSendMessageResponseSchema,
  receivedSubmitFeedbackResponseSchema,
  receivedTurnSchema,
} from '@partner-assistant/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouteName } from '../internal/routes.ts';
import { CONVERSATION_ID, message, TURN_ID, turn } from '../realtime/frames.test-support.ts';
import { mutantsOf } from './mutations.test-support.ts';
import { responseGuard } from './response-guards.ts';
import { whyNot } from './shape.ts';

const AT = '2026-11-21T09:30:00.000Z';
const ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A valid success body of each operation the client calls. */
const EXAMPLES: Record<RouteName, unknown> = {
  getCapabilities: {
    api_version: 'v1',
    partner: { id: ID, name: 'Acme' },
    environment: 'sandbox',
    locales: ['fr-FR'],
    capabilities: ['local_life'],
    limits: {
      message_characters: 2000,
      requests_per_minute: 600,
      concurrent_turns: 4,
      daily_messages: 5000,
    },
  },
  createConversation: {
    conversation_id: CONVERSATION_ID,
    title: null,
    created_at: AT,
    updated_at: AT,
  },
  renameConversation: {
    conversation_id: CONVERSATION_ID,
    title: 'Passport',
    created_at: AT,
    updated_at: AT,
  },
  deleteConversation: { deleted: true, conversation_id: CONVERSATION_ID },
  sendMessage: turn('queued'),
  listMessages: {
    messages: [
      {
        ...message('Hello'),
        cards: [{ id: 'c', type: 'place', title: 'Town hall', url: 'https://example.org' }],
        visualizations: [{ id: 'v', type: 'map', title: 'Map', data: { points: [] } }],
        suggested_actions: [{ id: 'a', type: 'reply', label: 'More', value: 'More' }],
      },
    ],
    has_more: false,
  },
  getTurn: turn('failed', { error: { code: 'processing_failed', message: 'No', retryable: true } }),
  deleteTurn: {
    deleted: true,
    turn_id: TURN_ID,
    conversation_id: CONVERSATION_ID,
    user_message_id: ID,
    assistant_message_id: ID,
  },
  submitFeedback: {
    success: true,
    feedback: { rating: 'down', reason: null, comment: 'Old', message_id: ID, updated_at: AT },
  },
};

const routes = Object.keys(EXAMPLES) as RouteName[];

/** What the tests use of a zod schema (the client does not depend on zod). */
interface Schema {
  safeParse(value: unknown): { success: boolean };
  parse(value: unknown): unknown;
}

/** The contract's zod schema of `route`'s success body as received (see `received-responses.ts`). */
const RECEIVED: Record<RouteName, Schema> = {
  getCapabilities: capabilitiesSchema,
  createConversation: receivedCreatedConversationSchema,
  renameConversation: receivedRenamedConversationSchema,
  deleteConversation: deleteConversationResponseSchema,
  sendMessage: receivedSendMessageResponseSchema,
  listMessages: receivedListMessagesResponseSchema,
  getTurn: receivedTurnSchema,
  deleteTurn: deleteTurnResponseSchema,
  submitFeedback: receivedSubmitFeedbackResponseSchema,
};
const schemaOf = (route: RouteName) => RECEIVED[route];

describe('the REST door judges bodies as the contract schemas of what is received do', () => {
  it.each(routes)('%s: a valid body passes, with fields of a later version', (route) => {
    const later = { ...(EXAMPLES[route] as object), added_in_v1_1: { nested: true } };
    expect(schemaOf(route).safeParse(later).success).toBe(true);
    expect(whyNot(route, later, '')).toBeUndefined();
  });

  it.each(routes)('%s: mutated bodies', (route) => {
    fc.assert(
      fc.property(mutantsOf(EXAMPLES[route]), ({ json, formatChanged }) => {
        const zod = schemaOf(route).safeParse(JSON.parse(json)).success;
        const door = whyNot(route, JSON.parse(json), '') === undefined;
        expect(Object.prototype).not.toHaveProperty('polluted');
        // The door never refuses what the contract accepts; it checks types and values, not
        // string formats (UUIDs, dates, URLs), which break nothing in the client.
        if (zod) expect(door).toBe(true);
        else if (!formatChanged) expect(door).toBe(false);
      }),
      { seed: 16, numRuns: 250 },
    );
  });

  it('fills missing structured content with [], as the schema does', () => {
    const { cards: _c, visualizations: _v, suggested_actions: _s, ...bare } = message('Hi');
    const body = { messages: [bare], has_more: false };
    const guarded = responseGuard('listMessages').safeParse(body);
    expect(guarded).toEqual({ success: true, data: schemaOf('listMessages').parse(body) });
  });

  it('an unknown turn status is refused with what was received', () => {
    const result = responseGuard('getTurn').safeParse({ ...turn('running'), status: 'cancelled' });
    expect(result).toEqual({ success: false, reason: 'status: unknown value "cancelled"' });
  });
});

describe('what the door lets in', () => {
  it('bodies with the specification fields only', () => {
    const { client_message_id: _c, user_message_id: _u, ...sent } = turn('queued');
    const { assistant_message: _a, error: _e, ...five } = sent;
    expect(responseGuard('sendMessage').safeParse(five)).toMatchObject({ success: true });
    const feedback = { success: true, feedback: { rating: 'up' } };
    expect(responseGuard('submitFeedback').safeParse(feedback)).toMatchObject({ success: true });
    const page = { messages: [message('Hi')] };
    expect(responseGuard('listMessages').safeParse(page)).toMatchObject({ success: true });
  });

  it('UUIDs in lower case, whatever case they came in; client_message_id as it came', () => {
    const upper = {
      ...turn('completed', { assistant_message: message('Hi', TURN_ID.toUpperCase()) }, 'Key-A'),
      turn_id: TURN_ID.toUpperCase(),
      conversation_id: CONVERSATION_ID.toUpperCase(),
    };
    const guarded = responseGuard('getTurn').safeParse(upper);
    expect(guarded).toMatchObject({
      success: true,
      data: {
        turn_id: TURN_ID,
        conversation_id: CONVERSATION_ID,
        client_message_id: 'Key-A',
        assistant_message: { turn_id: TURN_ID },
      },
    });
  });
});
