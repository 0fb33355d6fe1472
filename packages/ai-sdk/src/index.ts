/**
 * The elements of an answer's structured content, the `data` of its `data-card`,
 * `data-visualization` and `data-suggested-action` parts. Types only.
 */
export type { Card, SuggestedAction, Visualization } from '@partner-assistant/contract';
export {
  type ChatMessageLike,
  type ChatRequestLike,
  PartnerAssistantChatTransport,
  type PartnerAssistantChatTransportOptions,
} from './chat-transport.ts';
export type {
  PartnerAssistantDataParts,
  PartnerAssistantErrorData,
  PartnerAssistantMetadata,
  PartnerAssistantUIMessage,
  PartnerAssistantUIPart,
} from './data-parts.ts';
export { loadUIMessages } from './load-ui-messages.ts';
export type { PartnerAssistantChunk } from './ui-chunk.ts';
