export { SCOPES, type Scope, scopeSchema } from './constants/scopes.ts';
// Everything zod-free, also importable alone as `@partner-assistant/contract/constants`.
export * from './constants.ts';
export {
  type ErrorBody,
  type ErrorDetail,
  type ErrorEnvelope,
  errorBodySchema,
  errorDetailSchema,
  errorEnvelopeSchema,
} from './errors/error-envelope.ts';
export {
  type ClientFrame,
  clientFrameSchema,
  type PingFrame,
  pingFrameSchema,
  type TurnSubscribeFrame,
  turnSubscribeFrameSchema,
  type UserMessageFrame,
  userMessageFrameSchema,
} from './events/client-frames.ts';
export {
  CLOSE_CODE_RULES,
  type CloseCodeRule,
  type ClosePhase,
} from './events/close-code-rules.ts';
export {
  type ReceivedServerEvent,
  type ReceivedServerEventOf,
  type ReceivedTurnEvent,
  receivedServerEventSchema,
} from './events/received-server-events.ts';
export {
  assistantCompletedEventSchema,
  assistantDeltaEventSchema,
  assistantErrorEventSchema,
  assistantStatusEventSchema,
  frameRejectedEventSchema,
  pongEventSchema,
  type ServerEvent,
  type ServerEventOf,
  type ServerEventType,
  serverEventSchema,
  type TurnEvent,
  turnAcceptedEventSchema,
  turnRunningEventSchema,
  turnSnapshotEventSchema,
} from './events/server-events.ts';
export {
  OPERATIONS,
  type OperationAuth,
  type OperationDefinition,
  type OperationName,
} from './operations.ts';
export { boundedText, type TextBounds } from './primitives/bounded-text.ts';
export { conversationTitleSchema, normalizeTitle } from './primitives/conversation-title.ts';
export { externalUserIdSchema } from './primitives/external-user-id.ts';
export { localeSchema } from './primitives/locale.ts';
export { type CharacterRules, TEXT_RULE_EXTENSIONS } from './primitives/text-rules.ts';
export { isIanaTimeZone, timeZoneSchema } from './primitives/time-zone.ts';
export { timestampSchema } from './primitives/timestamp.ts';
export { uuidSchema } from './primitives/uuid.ts';
// What the specification promises: zod-free, but kept out of `./constants` (the browser SDK's
// run-time import), which needs none of it.
export {
  ABSENT_FIELD_RULES,
  ABSENT_HEADER_RULES,
  type AbsentFieldRule,
} from './promises/decision-fallbacks.ts';
export {
  DECISION_HEADERS,
  type FieldShape,
  SPECIFIED_ERROR_FIELDS,
  SPECIFIED_EVENT_FIELDS,
  SPECIFIED_RESPONSE_FIELDS,
  SPECIFIED_SUCCESS_STATUSES,
} from './promises/specified-fields.ts';
export {
  type CreateConversationRequest,
  createConversationRequestSchema,
  type RenameConversationRequest,
  renameConversationRequestSchema,
} from './requests/conversation-requests.ts';
export { type IssueTokenRequest, issueTokenRequestSchema } from './requests/issue-token-request.ts';
export { type ListMessagesQuery, listMessagesQuerySchema } from './requests/list-messages-query.ts';
export {
  conversationPathSchema,
  messagePathSchema,
  turnPathSchema,
  userPathSchema,
} from './requests/path-parameters.ts';
export {
  clientMessageIdSchema,
  messageTextSchema,
  type SendMessageRequest,
  sendMessageRequestSchema,
} from './requests/send-message-request.ts';
export {
  type ApplicationLimits,
  applicationLimitsSchema,
  type Capabilities,
  capabilitiesSchema,
  type Environment,
  environmentSchema,
} from './resources/capabilities.ts';
export {
  type CreatedConversation,
  createdConversationSchema,
  type RenamedConversation,
  renamedConversationSchema,
} from './resources/conversation.ts';
export {
  type Feedback,
  type FeedbackReason,
  feedbackReasonSchema,
  feedbackSchema,
  type Rating,
  ratingSchema,
  type SubmitFeedbackRequest,
  type SubmitFeedbackResponse,
  submitFeedbackRequestSchema,
  submitFeedbackResponseSchema,
} from './resources/feedback.ts';
export { type Message, messageSchema } from './resources/message.ts';
export {
  type Location,
  locationSchema,
  type MessageMetadata,
  messageMetadataSchema,
} from './resources/message-input.ts';
export {
  MESSAGE_STATUSES,
  type MessageRole,
  type MessageStatus,
  messageRoleSchema,
  messageStatusSchema,
} from './resources/message-status.ts';
export {
  CARD_TYPES,
  type Card,
  cardSchema,
  SUGGESTED_ACTION_TYPES,
  type SuggestedAction,
  suggestedActionSchema,
  VISUALIZATION_TYPES,
  type Visualization,
  visualizationSchema,
} from './resources/structured-content.ts';
export { type Token, tokenSchema } from './resources/token.ts';
export {
  type Turn,
  type TurnError,
  type TurnSummary,
  turnErrorSchema,
  turnSchema,
  turnSummarySchema,
} from './resources/turn.ts';
export { turnStatusSchema } from './resources/turn-status.ts';
export {
  type DeleteConversationResponse,
  type DeleteTurnResponse,
  deleteConversationResponseSchema,
  deleteTurnResponseSchema,
  type EraseUserResponse,
  eraseUserResponseSchema,
} from './responses/deletion-responses.ts';
export {
  type ListMessagesResponse,
  listMessagesResponseSchema,
} from './responses/list-messages-response.ts';
export {
  type ReceivedCreatedConversation,
  type ReceivedListMessagesResponse,
  type ReceivedMessage,
  type ReceivedRenamedConversation,
  type ReceivedSendMessageResponse,
  type ReceivedSubmitFeedbackResponse,
  type ReceivedTurn,
  type ReceivedTurnError,
  receivedCreatedConversationSchema,
  receivedListMessagesResponseSchema,
  receivedMessageSchema,
  receivedRenamedConversationSchema,
  receivedSendMessageResponseSchema,
  receivedSubmitFeedbackResponseSchema,
  receivedTurnErrorSchema,
  receivedTurnSchema,
} from './responses/received-responses.ts';
