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

/** A question the app wrote, as the chat keeps it until its turn settles (no empty options). */
export type Question = Omit<PendingQuestion, 'createdAt'>;

/** What the journal hears of a followed turn: its question (unless resumed by id) and stream. */
export interface JournalledTurn {
  readonly question: Question | undefined;
  readonly stream: TurnStream;
}

/**
 * What the chat tells whoever keeps unsent questions (by default nobody: they wait in memory): the
 * outbox of `createOutbox`, whose methods never throw (`written` is asynchronous).
 */
export interface QuestionJournal {
  /**
   * A question was written by the app: called before any request for it leaves, which waits for
   * a returned promise; one that rejects (storage failure) never stops the question from being
   * sent. `stream` follows it: the journal hears from it when the API accepts the question, or
   * when the app stops it (`stopped`, then it is not to be sent any more).
   */
  written(question: PendingQuestion, stream: TurnStream): Promise<void> | undefined;
  /**
   * The API refused the question before accepting it: for good, or for now when `error` is
   * retryable (a rate limit, a busy queue: sending it again later may succeed).
   */
  refused(clientMessageId: string, error: Error): void;
}

/**
 * Tells `journal` of a question the app wrote, with its stream; `refused` is told by the chat,
 * where the API refuses it before accepting it. Returns nothing when the question may leave at
 * once, or a promise (never rejected) of the moment it may: once written down, or once writing it
 * down failed (the outbox reports its storage failures itself, as its `error` event).
 */
export function journalQuestion(
  journal: QuestionJournal | undefined,
  { question, stream }: JournalledTurn,
  now: number,
): Promise<void> | undefined {
  // Without a journal (the default: questions wait in memory only), there is nobody to tell.
  const createdAt = new Date(now).toISOString();
  return question && journal?.written({ ...question, createdAt }, stream)?.catch(() => {});
}
