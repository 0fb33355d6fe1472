import type { PartnerAssistantMetadata } from './data-parts.ts';

/**
 * A chunk of the AI SDK's UI message stream, as the transport writes them: the few kinds it uses,
 * typed without `ai`'s own types so that the one transport fits the `ChatTransport` of every
 * major (5, 6 and 7), whose chunk types differ in fields the transport never sets.
 */
export type PartnerAssistantChunk =
  | { type: 'start' }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: `data-${string}`; id?: string; data: unknown; transient?: boolean }
  | { type: 'finish'; messageMetadata?: PartnerAssistantMetadata }
  | { type: 'error'; errorText: string };
