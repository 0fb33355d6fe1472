import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { TurnStream } from './turn-stream.ts';

/**
 * A question the app wrote, as the chat keeps it until its turn settles (no empty options), and
 * as it hands it to whoever keeps questions until the API accepted them (the outbox).
 */
export interface Question {
  /** Its idempotency key: sending it again with this key never makes a second turn. */
  clientMessageId: string;
  /** The conversation it was asked in. */
  conversationId: string;
  /** The user's question. */
  message: string;
  /** Where it was asked from, if given. */
  location?: Location;
  /** The app's platform and version, if given. */
  metadata?: MessageMetadata;
}

/**
 * Whoever keeps the questions the API has not accepted yet, so that none is lost (by default
 * nobody: they wait in memory): the outbox of `createOutbox`, whose methods never throw
 * (`written` is asynchronous). What it keeps is a kept question, whatever the layer: the chat
 * hands it over, the outbox stores it as an `OutboxEntry`, the hooks show it as `pending`.
 */
export interface QuestionKeeper {
  /**
   * A question was written by the app: called before any request for it leaves, which waits for
   * a returned promise; one that rejects (storage failure) never stops the question from being
   * sent. `stream` follows it: the keeper hears from it when the API accepts the question, or
   * when the app stops it (`stopped`, then it is not to be sent any more).
   */
  written(question: Question, stream?: TurnStream): Promise<void> | undefined;
  /**
   * The API refused the question before accepting it: for good, or for now when `error` is
   * retryable (a rate limit, a busy queue: sending it again later may succeed).
   */
  refused(clientMessageId: string, error: Error): void;
}
