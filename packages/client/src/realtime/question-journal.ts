import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { TurnStream } from './turn-stream.ts';

/** What the chat tells whoever keeps unsent questions (the in-memory default does nothing). */
export interface QuestionJournal {
  /** A question is about to be sent: nothing for it leaves before the returned promise settles. */
  written(question: PendingQuestion): Promise<void> | void;
  /** The API accepted the question's turn. */
  accepted(clientMessageId: string, stream: TurnStream): void;
  /** The question's stream failed with `error` (the journal decides whether that is for good). */
  refused(clientMessageId: string, error: Error): void;
}

/** Everything needed to send a question again, identically. */
export interface PendingQuestion {
  clientMessageId: string;
  conversationId: string;
  message: string;
  location?: Location;
  metadata?: MessageMetadata;
  createdAt: string;
}
