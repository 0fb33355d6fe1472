import { HTTP_HEADERS, type OperationName, type ServerEvent } from '@partner-assistant/contract';

/**
 * What the specification shows of a value: `true` the whole value as it is, an object only the
 * fields it names (each with its own shape), `[shape]` each element of an array.
 */
export type FieldShape = true | { readonly [field: string]: FieldShape } | readonly [FieldShape];

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

/** The routing fields of a turn event, which the specification does not show: ours stay. */
const TURN_EVENT_ROUTING = { type: true, turn_id: true, conversation_id: true, seq: true } as const;

/**
 * The success body of each operation as the specification shows it (section Endpoints, and the
 * Token and Capabilities resources). `true` where the specification leaves the body open: the
 * turn ("Response body beyond the Turn fields: not shown") keeps every field we decided.
 */
export const SPEC_RESPONSE_FIELDS: Readonly<Record<OperationName, FieldShape>> = {
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
  getTurn: true,
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

/** The error envelope (section Errors): exactly four fields, no `details`. */
export const SPEC_ERROR_FIELDS: FieldShape = {
  error: { code: true, message: true, retryable: true, request_id: true },
};

/**
 * The events whose payload the specification shows (section Events › Server events), with the
 * routing fields we add. Events it leaves open (`turn.accepted`, `turn.snapshot`, `turn.running`,
 * `pong`) and our own (`frame.rejected`) are absent: they leave as we decided them.
 */
export const SPEC_EVENT_FIELDS: Readonly<Partial<Record<ServerEvent['type'], FieldShape>>> = {
  'assistant.status': { ...TURN_EVENT_ROUTING, label: true },
  'assistant.delta': { ...TURN_EVENT_ROUTING, text: true },
  'assistant.completed': { ...TURN_EVENT_ROUTING, message: MESSAGE },
  'assistant.error': { ...TURN_EVENT_ROUTING, error: { message: true } },
};

/**
 * Response headers only our decisions add (`docs/reference/decisions.md`): the rate-limit and
 * wait-time headers, `Idempotent-Replayed`, `X-Request-Id` and the deprecation headers. What HTTP
 * itself requires (`WWW-Authenticate` on 401, `Allow` on 405), what a browser needs to reach the
 * API (CORS) and `Cache-Control` are not the API's own promises, and stay.
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
