import type { ClientOutbox, OutboxEntry, TurnStream } from '@partner-assistant/client';

/** A question the outbox keeps, and the stream it gets once the API accepted it. */
export interface KeptQuestion {
  entry: OutboxEntry;
  /** Resolves on the outbox's `sent`, rejects on its `failed` (refused for good). */
  stream: Promise<TurnStream>;
}

/**
 * The questions of `conversationId` the outbox keeps (after a reload: the outbox sends them by
 * itself). Listens before reading, so that one accepted meanwhile is not missed.
 */
export async function keptQuestions(
  outbox: ClientOutbox,
  conversationId: string,
): Promise<KeptQuestion[]> {
  const settled = new Map<string, [TurnStream] | [undefined, Error]>();
  const waiting = new Map<string, (outcome: [TurnStream] | [undefined, Error]) => void>();
  const settle = (id: string, outcome: [TurnStream] | [undefined, Error]) => {
    const waiter = waiting.get(id);
    if (waiter) waiter(outcome);
    else settled.set(id, outcome);
  };
  const stops = [
    outbox.on('sent', (entry, stream) => settle(entry.clientMessageId, [stream])),
    outbox.on('failed', (entry, error) => settle(entry.clientMessageId, [undefined, error])),
  ];
  const entries = (await outbox.pending()).filter((e) => e.conversationId === conversationId);
  if (entries.length === 0) for (const stop of stops) stop();
  return entries.map((entry) => ({
    entry,
    stream: new Promise<TurnStream>((resolve, reject) => {
      const take = ([stream, error]: [TurnStream] | [undefined, Error]) =>
        stream ? resolve(stream) : reject(error);
      const known = settled.get(entry.clientMessageId);
      if (known) take(known);
      else waiting.set(entry.clientMessageId, take);
    }),
  }));
}
