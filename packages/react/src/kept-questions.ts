import type { KeptQuestions, TurnStream } from '@partner-assistant/client';

/**
 * The stream the outbox gives the question it keeps as `id` once the API accepted it; rejects
 * when the API refused it for good. None is missed: listened to as soon as `pending()` answered.
 */
export function keptStream(outbox: KeptQuestions, id: string): Promise<TurnStream> {
  return new Promise((resolve, reject) => {
    const stopSent = outbox.on('sent', (entry, stream) => {
      if (entry.clientMessageId === id) settle(() => resolve(stream));
    });
    const stopFailed = outbox.on('failed', (entry, error) => {
      if (entry.clientMessageId === id) settle(() => reject(error));
    });
    const settle = (outcome: () => void) => {
      stopSent();
      stopFailed();
      outcome();
    };
  });
}
