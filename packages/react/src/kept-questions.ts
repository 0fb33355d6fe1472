import type {
  KeptQuestions,
  OutboxEntry,
  PartnerAssistantClient,
  TurnStream,
} from '@partner-assistant/client';
import { type LiveTurn, sentTurn } from './live-turn.ts';

/** A question the outbox keeps, and the stream it gets once the API accepted it. */
export interface KeptQuestion {
  entry: OutboxEntry;
  /** Resolves on the outbox's `sent`, rejects on its `failed` (refused for good). */
  stream: Promise<TurnStream>;
}

/**
 * The questions of `conversationId` the outbox keeps (after a reload, the outbox sends them by
 * itself). None is missed: `pending()` leaves out what was accepted, and the listeners are added
 * before anything else can run.
 */
export async function keptQuestions(
  outbox: KeptQuestions,
  conversationId: string,
): Promise<KeptQuestion[]> {
  const entries = (await outbox.pending()).filter((e) => e.conversationId === conversationId);
  return entries.map((entry) => ({
    entry,
    stream: new Promise<TurnStream>((resolve, reject) => {
      const mine = (e: OutboxEntry) => e.clientMessageId === entry.clientMessageId;
      const stopSent = outbox.on('sent', (e, stream) => {
        if (mine(e)) settle(() => resolve(stream));
      });
      const stopFailed = outbox.on('failed', (e, error) => {
        if (mine(e)) settle(() => reject(error));
      });
      const settle = (outcome: () => void) => {
        stopSent();
        stopFailed();
        outcome();
      };
    }),
  }));
}

/**
 * The turns to show for the questions the outbox keeps in `conversationId` and the store does
 * not follow yet (`followed`, read once the outbox answered), each with its stream to come.
 */
export async function keptTurns(
  client: PartnerAssistantClient,
  conversationId: string,
  followed: () => LiveTurn[],
): Promise<{ turn: LiveTurn; stream: Promise<TurnStream> }[]> {
  const kept = await keptQuestions(client.outbox, conversationId);
  const known = new Set(followed().map((turn) => turn.sent?.clientMessageId));
  return kept
    .filter(({ entry }) => !known.has(entry.clientMessageId))
    .map(({ entry, stream }) => ({
      turn: sentTurn({ ...entry, text: entry.message }, new Date(entry.createdAt)),
      stream,
    }));
}

/**
 * Discards, through the outbox, the question of `turns` shown as `messageId` while it was not
 * sent yet: the turn when it was removed before it reached the network, else `undefined`.
 */
export async function discardKept(
  outbox: KeptQuestions,
  turns: LiveTurn[],
  messageId: string,
): Promise<LiveTurn | undefined> {
  const turn = turns.find((t) => t.question.message_id === messageId);
  const id = turn?.phase === 'sending' ? turn.sent?.clientMessageId : undefined;
  const removed = id !== undefined && (await outbox.discard(id));
  return removed ? turn : undefined;
}

/** Whether `error` failed a question because the outbox discarded it (`outbox_discarded`). */
export function discarded(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'outbox_discarded';
}
