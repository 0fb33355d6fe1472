import type { Question } from '../realtime/question-keeper.ts';
import type { ClientOutbox, OutboxHost } from './outbox-types.ts';

/** Writes as the chat does (which never lets a failed write stop the question). */
export const write = (outbox: ClientOutbox, q: Question & { createdAt?: string }) =>
  Promise.resolve(outbox.written(q)).catch(() => {});

/** A host whose connection never opens: the chat keeps written questions waiting, as offline. */
export function offlineHost(
  leftAlready = false,
): OutboxHost & { sent: string[]; abandoned: [string, Error][] } {
  const sent: string[] = [];
  const abandoned: [string, Error][] = [];
  return {
    sent,
    abandoned,
    chat: {
      send: (input) => {
        sent.push(input.clientMessageId ?? '');
        return {} as never;
      },
      abandon: (id, error) => {
        if (leftAlready) return false;
        abandoned.push([id, error]);
        return true;
      },
    },
    connection: { on: () => () => {} },
    report: () => {},
    now: Date.now,
  };
}
