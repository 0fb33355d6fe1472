import type { SERVER_EVENT_TYPES } from '../constants/event-types.ts';
import { HTTP_HEADERS } from '../constants/http-headers.ts';
import type { OperationName } from '../operations.ts';

type ServerEventType = (typeof SERVER_EVENT_TYPES)[number];

/**
 * What the specification promises of a value:
 * - `true`: the value as it is (the specification shows it, whatever is inside);
 * - `'decision'`: the value as it is, though the specification does not show it: our decision
 *   stands where it is silent, and the SDKs need it;
 * - an object: only the fields it names, each with its own shape (any other field of ours is a
 *   decision a deployment may leave out);
 * - `[shape]`: each element of an array.
 *
 * @example
 * ```ts
 * const created: FieldShape = { conversation_id: true, title: true, created_at: true };
 * ```
 */
export type FieldShape =
  | true
  | 'decision'
  | { readonly [field: string]: FieldShape }
  | readonly [FieldShape];

/** The specification's Message (Resources › Message); elements of cards and the like: not shown. */
const MESSAGE = {
  message_id: true,
  turn_id: true,
  role: true,
  content: true,
  status: true,
  created_at: true,
  cards: true,
  visualizations: true,
  suggested_actions: true,
} as const;

/** A message outside history listings: the specification promises its `turn_id` there only. */
const { turn_id: _listedOnly, ...MESSAGE_OUTSIDE_LISTINGS } = MESSAGE;

/** The routing fields of a turn event: the specification does not show them, the SDKs need them. */
const TURN_EVENT_ROUTING = {
  type: true,
  turn_id: 'decision',
  conversation_id: 'decision',
  seq: 'decision',
} as const;

/**
 * The success body of each operation as the specification shows it (section Endpoints, and the
 * Token and Capabilities resources): what a deployment that keeps the specification sends. A field
 * of ours absent here is a decision a deployment may leave out; `'decision'` where the
 * specification leaves the whole body open (a turn beyond its five fields: not shown).
 *
 * This one table decides what the reference server's `--profile minimal` sends, which fields the
 * interface documents require, and what the SDKs require (`docs/reference/decisions.md`, "What a
 * deployment must send for the SDKs to work").
 */
export const SPECIFIED_RESPONSE_FIELDS: Readonly<Record<OperationName, FieldShape>> = {
  issueToken: {
    access_token: true,
    token_type: true,
    expires_in: true,
    expires_at: true,
    scopes: true,
    user: { id: true },
  },
  createConversation: { conversation_id: true, title: true, created_at: true },
  renameConversation: { conversation_id: true, title: true, updated_at: true },
  deleteConversation: { deleted: true, conversation_id: true },
  sendMessage: {
    turn_id: true,
    conversation_id: true,
    status: true,
    created_at: true,
    updated_at: true,
  },
  listMessages: { messages: [MESSAGE] },
  getTurn: 'decision',
  deleteTurn: {
    deleted: true,
    turn_id: true,
    conversation_id: true,
    user_message_id: true,
    assistant_message_id: true,
  },
  submitFeedback: { success: true, feedback: { rating: true } },
  eraseUser: { deleted: true },
  getCapabilities: {
    api_version: true,
    partner: { id: true, name: true },
    environment: true,
    locales: true,
    capabilities: true,
    limits: {
      message_characters: true,
      requests_per_minute: true,
      concurrent_turns: true,
      daily_messages: true,
    },
  },
};

/**
 * The success statuses the specification gives: 200 for a rename, 202 for a message submission
 * ("Success status codes of endpoints other than rename (200) and message submission (202): not
 * shown"). Every other success status is our decision; a client takes any 2xx as success.
 */
export const SPECIFIED_SUCCESS_STATUSES: Readonly<Partial<Record<OperationName, number>>> = {
  renameConversation: 200,
  sendMessage: 202,
};

/** The error envelope (section Errors): exactly four fields; `details` is ours. */
export const SPECIFIED_ERROR_FIELDS: FieldShape = {
  error: { code: true, message: true, retryable: true, request_id: true },
};

/**
 * Each server event as the specification shows it (section Events › Server events), with the
 * routing fields the SDKs need. Events whose payload it leaves open (`turn.accepted`,
 * `turn.snapshot`, `turn.running`, `pong`) and our own (`frame.rejected`) are `'decision'`.
 */
export const SPECIFIED_EVENT_FIELDS: Readonly<Record<ServerEventType, FieldShape>> = {
  'turn.accepted': 'decision',
  'turn.snapshot': 'decision',
  'turn.running': 'decision',
  'assistant.status': { ...TURN_EVENT_ROUTING, label: true },
  'assistant.delta': { ...TURN_EVENT_ROUTING, text: true },
  'assistant.completed': { ...TURN_EVENT_ROUTING, message: MESSAGE_OUTSIDE_LISTINGS },
  'assistant.error': { ...TURN_EVENT_ROUTING, error: { message: true } },
  pong: 'decision',
  'frame.rejected': 'decision',
};

/**
 * Response headers only our decisions add (`docs/reference/decisions.md`): the rate-limit and
 * wait-time headers, `Idempotent-Replayed`, `X-Request-Id` and the deprecation headers ("Response
 * headers that report rate limits or a wait time: not shown"). What HTTP itself requires
 * (`WWW-Authenticate` on 401, `Allow` on 405), what a browser needs to reach the API (CORS) and
 * `Cache-Control` are not the API's own promises.
 */
export const DECISION_HEADERS: readonly string[] = [
  HTTP_HEADERS.requestId,
  HTTP_HEADERS.retryAfter,
  HTTP_HEADERS.rateLimitLimit,
  HTTP_HEADERS.rateLimitRemaining,
  HTTP_HEADERS.rateLimitReset,
  HTTP_HEADERS.idempotentReplayed,
  HTTP_HEADERS.deprecation,
  HTTP_HEADERS.sunset,
];
