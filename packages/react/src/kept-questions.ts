import type { KeptQuestions, OutboxEntry, TurnStream } from '@partner-assistant/client';
import { type LiveTurn, sentTurn } from './live-turn.ts';

/** The stream the outbox gives `entry` once the API accepted it; rejects when it refused it for good. */
function keptStream(outbox: KeptQuestions, entry: OutboxEntry): Promise<TurnStream> {
  return new Promise((resolve, reject) => {
    const settle = (e: OutboxEntry, outcome: () => void) => {
      if (e.clientMessageId !== entry.clientMessageId) return;
      stopSent();
      stopFailed();
      outcome();
    };
    const stopSent = outbox.on('sent', (e, stream) => settle(e, () => resolve(stream)));
    const stopFailed = outbox.on('failed', (e, error) => settle(e, () => reject(error)));
  });
}

/**
 * The turns to show for the questions the outbox keeps in `conversationId` (after a reload, the
 * outbox sends them by itself) that the store does not follow yet (`followed`, read once the
 * outbox answered), each with its stream to come. None is missed: `pending()` leaves out what was
 * accepted, and the listeners are added before anything else can run.
 */
export async function keptTurns(
  outbox: KeptQuestions,
  conversationId: string,
  followed: () => LiveTurn[],
): Promise<[LiveTurn, Promise<TurnStream>][]> {
  const entries = await outbox.pending();
  const known = new Set(followed().map((turn) => turn.sent?.clientMessageId));
  return entries
    .filter((e) => e.conversationId === conversationId && !known.has(e.clientMessageId))
    .map((entry) => [sentTurn(entry, entry.createdAt), keptStream(outbox, entry)]);
}
