// What arrives, as the client accepts it: the fields the specification promises are required,
// those the project adds may be absent (see "What a deployment must send for the SDKs to work").
export type {
  Capabilities,
  DeleteConversationResponse,
  DeleteTurnResponse,
  FeedbackReason,
  Location,
  Message,
  MessageMetadata,
  Rating,
  ReceivedCreatedConversation as CreatedConversation,
  ReceivedListMessagesResponse as ListMessagesResponse,
  ReceivedMessage,
  ReceivedRenamedConversation as RenamedConversation,
  ReceivedServerEvent as ServerEvent,
  ReceivedSubmitFeedbackResponse as SubmitFeedbackResponse,
  ReceivedTurn as Turn,
  ReceivedTurnError as TurnError,
  ReceivedTurnEvent as TurnEvent,
  Token,
  TurnSummary,
} from '@partner-assistant/contract';
// The error family, backoff and shared options, the same in both SDKs.
export * from '@partner-assistant/sdk-core';
export {
  PARTNER_ASSISTANT_CLIENT_DEFAULTS,
  type PartnerAssistantClientOptions,
} from './client-options.ts';
export {
  isPartnerTokenProviderError,
  PartnerTokenProviderError,
  type TokenProviderFailure,
} from './errors/partner-token-provider-error.ts';
export { isPartnerTurnError, PartnerTurnError } from './errors/partner-turn-error.ts';
export { createClientMessageId } from './internal/client-message-id.ts';
export type { OutboxEntry } from './outbox/outbox-entry.ts';
export type { ClientOutbox, KeptQuestions, OutboxEvents } from './outbox/outbox-types.ts';
export { MessagePage } from './pagination/message-page.ts';
export { MessagePagePromise } from './pagination/message-page-promise.ts';
export { PartnerAssistantClient } from './partner-assistant-client.ts';
export { ChatResource, type ChatSendInput } from './realtime/chat.ts';
export { REALTIME_DEFAULTS, type RealtimeOptions } from './realtime/chat-options.ts';
export type { ClientConnection, ClientConnectionEvents } from './realtime/client-connection.ts';
export type { ConnectionState, ConnectionStateChange } from './realtime/connection.ts';
export {
  type AppStateLike,
  browserLifecycle,
  type LifecycleAdapter,
  type LifecycleSignal,
  type NetInfoLike,
  reactNativeLifecycle,
} from './realtime/lifecycle.ts';
export type { WebSocketConstructor, WebSocketLike } from './realtime/platform.ts';
export type { RecoveryPath, TurnStreamStatus } from './realtime/turn-stream.ts';
export { TurnStream, type TurnStreamEvents } from './realtime/turn-stream.ts';
export { CapabilitiesResource } from './resources/capabilities.ts';
export {
  ConversationsResource,
  type CreateConversationInput,
  type RenameConversationInput,
} from './resources/conversations.ts';
export { FeedbackResource, type SubmitFeedbackInput } from './resources/feedback.ts';
export {
  type ListMessagesQuery,
  MessagesResource,
  type SendMessageInput,
  type SendMessageResponse,
} from './resources/messages.ts';
export {
  TurnsResource,
  WAIT_FOR_TURN_DEFAULTS,
  type WaitForTurnOptions,
} from './resources/turns.ts';
export { ApiPromise } from './rest/api-promise.ts';
export type { TokenLike, TokenProvider, TokenRequest } from './tokens/token-provider.ts';
