import type { Location, MessageMetadata } from '@partner-assistant/contract';
import { isPartnerApiError } from '@partner-assistant/sdk-core';
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

/** What the journal hears of a followed turn: its question (unless resumed by id), stream and id. */
export interface JournalledTurn {
  readonly question: Question | undefined;
  readonly stream: TurnStream;
  readonly turnId: string | undefined;
}

/**
 * What the chat tells whoever keeps unsent questions (by default nobody: they wait in memory): the
 * outbox of `createOutbox`, whose methods never throw (`written` is asynchronous).
 */
export interface QuestionJournal {
  /**
   * A question was written by the app: called before any request for it leaves, which waits for
   * a returned promise; one that rejects (storage failure) never stops the question from being sent.
   */
  written(question: PendingQuestion): Promise<void> | undefined;
  /** The API accepted the question's turn; `stream` follows it. */
  accepted(clientMessageId: string, stream: TurnStream): void;
  /**
   * The API refused the question before accepting it: for good, or for now when `error` is
   * retryable (a rate limit, a busy queue: sending it again later may succeed).
   */
  refused(clientMessageId: string, error: Error): void;
  /**
   * The app stopped the question's stream: unless the API accepted or refused it already, it is
   * not to be sent any more. Never throws.
   */
  withdrawn(clientMessageId: string): void;
}

/**
 * Tells `journal` of a question the app wrote, and (on its stream) when its turn is accepted or
 * the app stopped it;
 * `refused` is told by the chat, where the API refuses it (see {@link refusedBeforeAcceptance}). Returns
 * nothing when the question may leave at once, or a promise (never rejected) of the moment it
 * may: once written down, or once writing it down failed (the outbox reports its storage
 * failures itself, as its `error` event).
 */
export function journalQuestion(
  journal: QuestionJournal | undefined,
  { question, stream }: JournalledTurn,
  now: number,
): Promise<void> | undefined {
  // Without a journal (the default: questions wait in memory only), there is nobody to tell.
  if (!journal || !question) return undefined;
  const id = question.clientMessageId;
  stream.on('accepted', () => journal.accepted(id, stream));
  stream.on('statechange', (status) => status === 'stopped' && journal.withdrawn(id));
  return journal.written({ ...question, createdAt: new Date(now).toISOString() })?.catch(() => {});
}

/**
 * The key of `turn`'s question when `error`, which ended its stream, is the API refusing it: an API
 * error before the question was accepted, for good or retryable (the chat gave up resending it). A
 * closed client, a timeout or a connection refused for good (a token without `chat:read`...) is
 * not: the question may be sent again later.
 */
export function refusedBeforeAcceptance(
  { question, turnId }: JournalledTurn,
  error: Error,
): string | undefined {
  return turnId === undefined && isPartnerApiError(error) ? question?.clientMessageId : undefined;
}
