/**
 * The elements of an answer's structured content (`message.cards`, `message.visualizations`,
 * `message.suggested_actions`), to type the components that render them. Types only: nothing is
 * added to the bundle.
 */
export type { Card, SuggestedAction, Visualization } from '@partner-assistant/contract';
export type {
  ConversationMessage,
  ConversationSnapshot,
  ConversationStatus,
} from './conversation-state.ts';
export type { SendOptions } from './conversation-store.ts';
export {
  PartnerAssistantProvider,
  type PartnerAssistantProviderProps,
  usePartnerAssistantClient,
} from './partner-assistant-provider.tsx';
export type { StreamingRenders } from './streaming-renders.ts';
export { type ConnectionStatus, useConnectionState } from './use-connection-state.ts';
export {
  type UseConversationOptions,
  type UseConversationResult,
  useConversation,
} from './use-conversation.ts';
