import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { TurnStream } from './turn-stream.ts';

/** A question the app wrote, as whoever keeps unsent questions stores it. */
export interface PendingQuestion {
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
  /** When the app wrote it (ISO 8601, the client's clock). */
  createdAt: string;
}

/** What the chat tells whoever keeps unsent questions (the in-memory default does nothing). */
export interface QuestionJournal {
  /**
   * A question was written by the app: called before any request for it leaves, which waits for
   * a returned promise; one that rejects (storage failure) never stops the question from being sent.
   */
  written(question: PendingQuestion): Promise<void> | void;
  /** The API accepted the question's turn; `stream` follows it. */
  accepted(clientMessageId: string, stream: TurnStream): void;
  /** The API refused the question for good (sending it again would be refused too). */
  refused(clientMessageId: string, error: Error): void;
}

/** The default journal: questions wait in memory only. */
export const memoryOnlyJournal: QuestionJournal = {
  written() {},
  accepted() {},
  refused() {},
};
