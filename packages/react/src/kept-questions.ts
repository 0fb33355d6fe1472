import type { ClientOutbox, OutboxEntry, TurnStream } from '@partner-assistant/client';

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
  outbox: ClientOutbox,
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
