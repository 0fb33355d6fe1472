import type { KeptQuestions, TurnStream } from '@partner-assistant/client';

/**
 * A question the outbox keeps, followed from here: the stream the outbox gives it once the API
 * accepted it (rejected when the API refused it for good, or once dropped), and `drop`, which
 * stops listening and rejects the stream (once discarded: the outbox tells no event of that).
 */
export type KeptStream = [stream: Promise<TurnStream>, drop: () => void];

/**
 * Follows the question the outbox keeps as `id`. None of its events is missed: listened to as
 * soon as `pending()` answered; once it settles (sent, refused, dropped), nothing stays attached.
 */
export function keptStream(outbox: KeptQuestions, id: string): KeptStream {
  let settle!: (error?: unknown) => void;
  const stream = new Promise<TurnStream>((resolve, reject) => {
    const stops = [
      outbox.on('sent', (entry, sent) => {
        if (entry.clientMessageId === id) settle(resolve(sent));
      }),
      outbox.on('failed', (entry, error) => {
        if (entry.clientMessageId === id) settle(error);
      }),
    ];
    // Once resolved, the rejection is a no-op: only the listeners go.
    settle = (error) => {
      for (const stop of stops) stop();
      reject(error);
    };
  });
  return [stream, settle];
}
