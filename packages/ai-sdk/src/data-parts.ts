import type { Card, SuggestedAction, Visualization } from '@partner-assistant/contract';
import type { UIMessage } from 'ai';

/**
 * Why a question got no answer, as the transport's transient `data-error` part gives it to
 * `useChat({ onData })` just before the `error` chunk (whose text is the message and the code).
 */
export interface PartnerAssistantErrorData {
  /**
   * The API's code (`rate_limit_exceeded`, `invalid_request`, `processing_failed`...), the SDK's
   * own (`outbox_discarded`), or else the name of the SDK's error (`PartnerTimeoutError`,
   * `PartnerNetworkError`...).
   */
  code: string;
  /** The API's human-readable message (or the SDK's). */
  message: string;
  /** Whether asking again later may succeed. */
  retryable: boolean;
  /** The request id to quote to support, when the API gave one. */
  requestId?: string;
}

/**
 * The data parts of a Partner Assistant answer, by name (the part's `type` is `data-<name>`), to
 * type `UIMessage<PartnerAssistantMetadata, PartnerAssistantDataParts>`:
 * - `status`: the progress label ("Looking up the opening hours"), **transient**: it reaches
 *   `useChat({ onData })` only and never stays in the message;
 * - `card`, `visualization`, `suggested-action`: one part per element of the answer's `cards`,
 *   `visualizations` and `suggested_actions`, with the element's `id` as the part's `id`; types
 *   the API may add later come as they are (render only the types you know);
 * - `error`: transient, before an `error` chunk (see {@link PartnerAssistantErrorData}).
 *
 * @example
 * ```tsx
 * for (const part of message.parts)
 *   if (part.type === 'data-card') return <a href={part.data.url}>{part.data.title}</a>;
 * ```
 */
export type PartnerAssistantDataParts = {
  status: { label: string };
  card: Card;
  visualization: Visualization;
  'suggested-action': SuggestedAction;
  error: PartnerAssistantErrorData;
};

/**
 * What the transport and `loadUIMessages` put in a message's `metadata`: the API's ids of
 * the message and its turn (an answer streamed by `useChat` has an id of the AI SDK's; its
 * `metadata.messageId` is the API's, set when it completes: the one feedback takes).
 */
export type PartnerAssistantMetadata = {
  /** The API's `message_id`. */
  messageId?: string;
  /** The API's `turn_id`. */
  turnId?: string;
};

/** A `UIMessage` with the Partner Assistant's metadata and data parts. */
export type PartnerAssistantUIMessage = UIMessage<
  PartnerAssistantMetadata,
  PartnerAssistantDataParts
>;

/** One part of a {@link PartnerAssistantUIMessage}. */
export type PartnerAssistantUIPart = PartnerAssistantUIMessage['parts'][number];
