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
export { type ConnectionStatus, useConnectionState } from './use-connection-state.ts';
export { type UseConversationResult, useConversation } from './use-conversation.ts';
