import { HTTP_HEADERS } from '../constants/http-headers.ts';

/**
 * What a client does when a field that the specification does not promise there is absent. Each
 * field of our bodies and events that `SPECIFIED_RESPONSE_FIELDS`,
 * `SPECIFIED_ERROR_FIELDS` and `SPECIFIED_EVENT_FIELDS` leave out has one entry,
 * keyed `where:path` (`where` an operation name, `error` or an event type; `path` the dotted
 * field); the interface documents print it beside the field, and their generator refuses a field
 * without one. `decision: false` marks a field the specification defines but promises elsewhere
 * only (a message's `turn_id`, promised in history listings).
 */
export interface AbsentFieldRule {
  /** What a client does without the field, in one or two sentences. */
  readonly whenAbsent: string;
  /** `false` when the field is the specification's own, promised elsewhere only. @default true */
  readonly decision?: false;
}

/** Every optional field of ours, with what a client does without it. */
export const ABSENT_FIELD_RULES: Readonly<Record<string, AbsentFieldRule>> = {
  'createConversation:updated_at': {
    whenAbsent: 'The conversation has not changed since `created_at`; the SDKs leave it undefined.',
  },
  'renameConversation:created_at': {
    whenAbsent: 'Read it from the conversation’s creation; the SDKs leave it undefined.',
  },
  'sendMessage:client_message_id': {
    whenAbsent: 'The key is the one the client sent.',
  },
  'sendMessage:user_message_id': {
    whenAbsent:
      'The client keeps its own local id for the question until it reads the history again.',
  },
  'sendMessage:assistant_message': {
    whenAbsent:
      'Follow the turn: `GET /turns/{turn_id}` or the WebSocket channel gives the answer.',
  },
  'sendMessage:error': {
    whenAbsent:
      'Follow the turn: `GET /turns/{turn_id}` or the WebSocket channel says why it failed.',
  },
  'listMessages:has_more': {
    whenAbsent:
      'A page of `limit` messages may have a successor: read the next page; a shorter or empty page is the last.',
  },
  'submitFeedback:feedback.reason': { whenAbsent: 'The reason is the one the client sent.' },
  'submitFeedback:feedback.comment': { whenAbsent: 'The comment is the one the client sent.' },
  'submitFeedback:feedback.message_id': {
    whenAbsent: 'The message is the one named in the path.',
  },
  'submitFeedback:feedback.updated_at': { whenAbsent: 'The SDKs leave it undefined.' },
  'error:error.details': {
    whenAbsent: 'Only `error.message` says what was invalid; the SDKs give an empty list.',
  },
  'assistant.completed:message.turn_id': {
    whenAbsent: 'The message belongs to the event’s turn (`turn_id` of the event).',
    decision: false,
  },
  'assistant.error:error.code': {
    whenAbsent: 'The SDKs take `processing_failed`.',
  },
  'assistant.error:error.retryable': {
    whenAbsent: 'The SDKs take `false`: the question is not sent again by itself.',
  },
};

/** What a client does without each header only our decisions add (`DECISION_HEADERS`). */
export const ABSENT_HEADER_RULES: Readonly<Record<string, string>> = {
  [HTTP_HEADERS.requestId]:
    'An error’s `error.request_id` is the id to quote to support; a success then has none.',
  [HTTP_HEADERS.retryAfter]:
    'The SDKs wait by exponential backoff with jitter, as the specification asks for 429 and 503.',
  [HTTP_HEADERS.rateLimitLimit]:
    'The limits are those `GET /capabilities` reports; a client paces itself by the 429 answers.',
  [HTTP_HEADERS.rateLimitRemaining]: 'A client paces itself by the 429 answers.',
  [HTTP_HEADERS.rateLimitReset]: 'A client paces itself by the 429 answers.',
  [HTTP_HEADERS.idempotentReplayed]:
    'A replay cannot be told from a first answer, and needs not be: it names the same turn.',
};
