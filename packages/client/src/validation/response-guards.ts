import { FEEDBACK_REASONS, RATINGS, TURN_STATUSES } from '@partner-assistant/contract/constants';
import type { ResponseSchema } from '@partner-assistant/sdk-core/internal';
import type { RouteName } from '../internal/routes.ts';
import { listOf, type Shape, whyNot } from './shape.ts';

// The contract's response schemas, written as shapes; `response-guards.test.ts` holds each to its
// zod schema.

/** The contract's `turnErrorSchema`. */
export const TURN_ERROR: Shape = { 'code?': 's', message: 's', 'retryable?': 'b' };

/** The contract's `errorBodySchema`. */
export const ERROR_BODY: Shape = {
  code: 's',
  message: 's',
  retryable: 'b',
  request_id: 's',
  'details?': listOf({ path: 's', message: 's' }),
};

const NAMED = { id: 's', type: 's', title: 's' };

/** The contract's `messageSchema` (missing structured content becomes `[]`, as zod does). */
export const MESSAGE: Shape = {
  message_id: 's',
  turn_id: 's',
  role: ['user', 'assistant'],
  content: 's',
  status: ['completed', 'failed'],
  created_at: 's',
  'cards*': { ...NAMED, 'description?': 's', 'url?': 's' },
  'visualizations*': { ...NAMED, data: 'o' },
  'suggested_actions*': { id: 's', type: 's', label: 's', value: 's' },
};

/** The contract's `turnSummarySchema`. */
export const TURN_SUMMARY: Shape = {
  turn_id: 's',
  conversation_id: 's',
  status: TURN_STATUSES,
  created_at: 's',
  updated_at: 's',
};

/** The contract's `turnSchema`. */
export const TURN: Shape = {
  ...TURN_SUMMARY,
  client_message_id: 's',
  user_message_id: 's',
  'assistant_message|': MESSAGE,
  'error|': TURN_ERROR,
};

const DELETED = { deleted: 't', conversation_id: 's' };

/** The success body of each operation, as the contract's response schemas describe it. */
export const RESPONSE_SHAPES: Record<RouteName, Shape> = {
  getCapabilities: {
    api_version: ['v1'],
    partner: { id: 's', name: 's' },
    environment: ['sandbox', 'production'],
    locales: listOf('s'),
    capabilities: listOf('s'),
    limits: {
      message_characters: 'i',
      requests_per_minute: 'i',
      concurrent_turns: 'i',
      daily_messages: 'i',
    },
  },
  createConversation: { conversation_id: 's', 'title|': 's', created_at: 's', 'updated_at?': 's' },
  renameConversation: { conversation_id: 's', title: 's', updated_at: 's', 'created_at?': 's' },
  deleteConversation: DELETED,
  sendMessage: TURN_SUMMARY,
  listMessages: { messages: listOf(MESSAGE), 'has_more?': 'b' },
  getTurn: TURN,
  deleteTurn: { ...DELETED, turn_id: 's', user_message_id: 's', assistant_message_id: 's' },
  submitFeedback: {
    success: 't',
    feedback: {
      rating: RATINGS,
      'reason?|': FEEDBACK_REASONS,
      'comment?|': 's',
      'message_id?': 's',
      'updated_at?': 's',
    },
  },
};

/**
 * The check of `route`'s success body, in the form the request machinery takes: a body that does
 * not fit fails the call with `invalid_response`, its status and request id, and the reason.
 */
export function responseGuard<T>(route: RouteName): ResponseSchema<T> {
  return {
    safeParse(value) {
      const reason = whyNot(RESPONSE_SHAPES[route], value, '');
      return reason ? { success: false, reason } : { success: true, data: value as T };
    },
  };
}
