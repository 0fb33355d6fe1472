import type { z } from 'zod';
import type { Scope } from './constants/scopes.ts';
import type { ApiErrorCode } from './errors/api-error-codes.ts';
import {
  createConversationRequestSchema,
  renameConversationRequestSchema,
} from './requests/conversation-requests.ts';
import { issueTokenRequestSchema } from './requests/issue-token-request.ts';
import { listMessagesQuerySchema } from './requests/list-messages-query.ts';
import {
  conversationPathSchema,
  messagePathSchema,
  turnPathSchema,
  userPathSchema,
} from './requests/path-parameters.ts';
import { sendMessageRequestSchema } from './requests/send-message-request.ts';
import { capabilitiesSchema } from './resources/capabilities.ts';
import { createdConversationSchema, renamedConversationSchema } from './resources/conversation.ts';
import { submitFeedbackRequestSchema, submitFeedbackResponseSchema } from './resources/feedback.ts';
import { tokenSchema } from './resources/token.ts';
import { turnSchema } from './resources/turn.ts';
import {
  deleteConversationResponseSchema,
  deleteTurnResponseSchema,
  eraseUserResponseSchema,
} from './responses/deletion-responses.ts';
import { listMessagesResponseSchema } from './responses/list-messages-response.ts';

/** How an operation authenticates: application credentials (Basic) or a user token (Bearer). */
export type OperationAuth = 'basic' | 'bearer';

/** Everything the contract says about one REST operation. */
export interface OperationDefinition {
  /** Stable name, also the OpenAPI `operationId`. */
  readonly operationId: string;
  /** HTTP method. */
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path template relative to {@link PATH_PREFIX}, such as `/turns/{turn_id}`. */
  readonly path: string;
  /** One-line description. */
  readonly summary: string;
  /** How the caller authenticates. */
  readonly auth: OperationAuth;
  /** Scope the user token must carry, or `null` when any valid token (or Basic) will do. */
  readonly scope: Scope | null;
  /** Path parameters. */
  readonly pathParams?: z.ZodObject;
  /** Query string. */
  readonly query?: z.ZodObject;
  /** JSON request body. */
  readonly body?: z.ZodType;
  /** Success responses by HTTP status. */
  readonly responses: Readonly<
    Record<number, { readonly description: string; readonly schema: z.ZodType }>
  >;
  /** Error codes this operation can answer with. */
  readonly errors: readonly ApiErrorCode[];
}

/**
 * What any request can be answered, whatever its operation: a body over 64 KiB is refused before
 * routing (413, also where the operation takes no body), a query parameter the operation does not
 * define is `422`, then authentication (401), the request rate (429) and an unexpected failure.
 */
const common: ApiErrorCode[] = [
  'unauthorized',
  'payload_too_large',
  'invalid_request',
  'rate_limit_exceeded',
  'internal_error',
];
const withBody: ApiErrorCode[] = ['unsupported_media_type'];

/** Every REST operation of the API, in the specification's order. */
export const OPERATIONS = {
  issueToken: {
    operationId: 'issueToken',
    method: 'POST',
    path: '/tokens',
    summary: 'Issue a short-lived user token for an external user (partner backend only).',
    auth: 'basic',
    scope: null,
    body: issueTokenRequestSchema,
    responses: { 200: { description: 'Token issued.', schema: tokenSchema } },
    errors: [...common, ...withBody],
  },
  createConversation: {
    operationId: 'createConversation',
    method: 'POST',
    path: '/conversations',
    summary: 'Create a conversation, or resume one whose client-generated id already exists.',
    auth: 'bearer',
    scope: 'chat:write',
    body: createConversationRequestSchema,
    responses: {
      201: { description: 'Conversation created.', schema: createdConversationSchema },
      200: {
        description: 'Existing conversation resumed; nothing was created.',
        schema: createdConversationSchema,
      },
    },
    errors: [...common, 'insufficient_scope', ...withBody],
  },
  renameConversation: {
    operationId: 'renameConversation',
    method: 'PATCH',
    path: '/conversations/{conversation_id}',
    summary: 'Rename a conversation.',
    auth: 'bearer',
    scope: 'chat:write',
    pathParams: conversationPathSchema,
    body: renameConversationRequestSchema,
    responses: { 200: { description: 'Renamed.', schema: renamedConversationSchema } },
    errors: [...common, 'insufficient_scope', 'not_found', ...withBody],
  },
  deleteConversation: {
    operationId: 'deleteConversation',
    method: 'DELETE',
    path: '/conversations/{conversation_id}',
    summary: 'Delete a conversation and its messages permanently.',
    auth: 'bearer',
    scope: 'chat:write',
    pathParams: conversationPathSchema,
    responses: { 200: { description: 'Deleted.', schema: deleteConversationResponseSchema } },
    errors: [...common, 'insufficient_scope', 'not_found', 'turn_in_progress'],
  },
  sendMessage: {
    operationId: 'sendMessage',
    method: 'POST',
    path: '/conversations/{conversation_id}/messages',
    summary: 'Send a user message; it is persisted and queued.',
    auth: 'bearer',
    scope: 'chat:write',
    pathParams: conversationPathSchema,
    body: sendMessageRequestSchema,
    responses: {
      202: {
        description:
          'Accepted (or an identical replay): the turn is still `queued` or `running`; `assistant_message` and `error` are null.',
        schema: turnSchema,
      },
      200: {
        description:
          'Identical replay of a message whose turn has ended (`Idempotent-Replayed: true`): the whole result, as `GET /turns/{turn_id}` gives it.',
        schema: turnSchema,
      },
    },
    errors: [
      ...common,
      'insufficient_scope',
      'not_found',
      'idempotency_conflict',
      'queue_unavailable',
      ...withBody,
    ],
  },
  listMessages: {
    operationId: 'listMessages',
    method: 'GET',
    path: '/conversations/{conversation_id}/messages',
    summary: 'List the history of a conversation in chronological order.',
    auth: 'bearer',
    scope: 'chat:read',
    pathParams: conversationPathSchema,
    query: listMessagesQuerySchema,
    responses: { 200: { description: 'One page of history.', schema: listMessagesResponseSchema } },
    errors: [...common, 'insufficient_scope', 'not_found'],
  },
  getTurn: {
    operationId: 'getTurn',
    method: 'GET',
    path: '/turns/{turn_id}',
    summary: 'Get a turn and, once it has ended, its result.',
    auth: 'bearer',
    scope: 'chat:read',
    pathParams: turnPathSchema,
    responses: { 200: { description: 'The turn.', schema: turnSchema } },
    errors: [...common, 'insufficient_scope', 'not_found'],
  },
  deleteTurn: {
    operationId: 'deleteTurn',
    method: 'DELETE',
    path: '/turns/{turn_id}',
    summary: 'Delete one turn: its user message and its assistant message.',
    auth: 'bearer',
    scope: 'chat:write',
    pathParams: turnPathSchema,
    responses: { 200: { description: 'Deleted.', schema: deleteTurnResponseSchema } },
    errors: [...common, 'insufficient_scope', 'not_found', 'turn_in_progress'],
  },
  submitFeedback: {
    operationId: 'submitFeedback',
    method: 'POST',
    path: '/messages/{message_id}/feedback',
    summary: 'Rate an assistant message; a new rating replaces the previous one.',
    auth: 'bearer',
    scope: 'feedback:write',
    pathParams: messagePathSchema,
    body: submitFeedbackRequestSchema,
    responses: { 200: { description: 'Recorded.', schema: submitFeedbackResponseSchema } },
    errors: [...common, 'insufficient_scope', 'not_found', ...withBody],
  },
  eraseUser: {
    operationId: 'eraseUser',
    method: 'DELETE',
    path: '/users/{external_user_id}',
    summary: "Erase all data of an external user in the partner's tenant and revoke their tokens.",
    auth: 'basic',
    scope: null,
    pathParams: userPathSchema,
    responses: {
      200: {
        description: 'Erased (also when the user had no data).',
        schema: eraseUserResponseSchema,
      },
    },
    errors: common,
  },
  getCapabilities: {
    operationId: 'getCapabilities',
    method: 'GET',
    path: '/capabilities',
    summary: 'Get the effective configuration of the calling application.',
    auth: 'bearer',
    scope: null,
    responses: { 200: { description: 'Capabilities.', schema: capabilitiesSchema } },
    errors: common,
  },
} as const satisfies Record<string, OperationDefinition>;

/** Name of a REST operation. */
export type OperationName = keyof typeof OPERATIONS;
