import { FEEDBACK_REASONS, RATINGS, TURN_STATUSES } from '@partner-assistant/contract/constants';

const TURN_SUMMARY = `turn_id conversation_id status:${TURN_STATUSES} created_at updated_at`;
const TURN = `${TURN_SUMMARY} client_message_id user_message_id assistant_message~:N error~:E`;
const MESSAGE = `role:user,assistant content status:completed,failed created_at cards*:C visualizations*:V suggested_actions*:A`;
// `turn_id` first: it is lower-cased before any other field is judged, so a skipped frame names
// its turn in lower case too.
const EVENT = 'turn_id conversation_id? seq:p';

/**
 * The contract's response and event schemas as received (its `received*` schemas: what the
 * specification promises is required, what the project adds is optional where the specification
 * shows the fields), written in the notation of `shape.ts`: one entry per operation the client
 * calls (by route name), per server event (by type), and the shapes they share (by capital
 * letter). `response-guards.test.ts` and `frame-reader.test.ts` hold each to its zod schema.
 */
export const CONTRACT_SHAPES: Readonly<Record<string, string>> = {
  /** Message of a history listing, which promises its `turn_id`. */
  M: `message_id turn_id ${MESSAGE}`,
  /** Message elsewhere (`assistant.completed`, a turn's): `turn_id` is the turn's when absent. */
  N: `message_id turn_id? ${MESSAGE}`,
  C: 'id type title description? url?',
  V: 'id type title data:o',
  A: 'id type label value',
  /** Turn, and its error. */
  T: TURN,
  E: 'code? message retryable?:b',
  /** Error body of `frame.rejected`. */
  R: 'code message retryable:b request_id details?+:D',
  D: 'path message',
  getCapabilities:
    'api_version:v1 partner:P environment:sandbox,production locales+ capabilities+ limits:L',
  P: 'id name',
  L: 'message_characters:i requests_per_minute:i concurrent_turns:i daily_messages:i',
  createConversation: 'conversation_id title~ created_at updated_at?',
  renameConversation: 'conversation_id title updated_at created_at?',
  deleteConversation: 'deleted:t conversation_id',
  sendMessage: `${TURN_SUMMARY} client_message_id? user_message_id? assistant_message?~:N error?~:E`,
  listMessages: 'messages+:M has_more?:b',
  getTurn: TURN,
  deleteTurn: 'deleted:t turn_id conversation_id user_message_id assistant_message_id',
  submitFeedback: 'success:t feedback:F',
  F: `rating:${RATINGS} reason?~:${FEEDBACK_REASONS} comment?~ message_id? updated_at?`,
  'turn.accepted': `${EVENT} turn:T`,
  'turn.running': `${EVENT} turn:T`,
  'turn.snapshot': `${EVENT} turn:T content label~`,
  'assistant.status': `${EVENT} label`,
  'assistant.delta': `${EVENT} text`,
  'assistant.completed': `${EVENT} message:N`,
  'assistant.error': `${EVENT} error:E`,
  pong: 'id?',
  'frame.rejected': 'error:R client_message_id? turn_id?',
};
