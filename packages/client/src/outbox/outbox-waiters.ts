import type { TurnStream } from '../realtime/turn-stream.ts';

interface Waiter {
  resolve(stream: TurnStream): void;
  reject(error: Error): void;
}

/**
 * Who waits for kept questions' turns (`client.outbox.whenSent`), by question key: each waiter is
 * settled once, then forgotten, so nothing stays attached to a question that left or went.
 */
export class SentWaiters {
  readonly #waiting = new Map<string, Waiter[]>();

  /** Settles once the question `id` is sent (its stream), refused for good or discarded. */
  wait(id: string): Promise<TurnStream> {
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, [...(this.#waiting.get(id) ?? []), { resolve, reject }]);
    });
  }

  /** The API accepted the question `id`'s turn: `stream` follows it. */
  sent(id: string, stream: TurnStream): void {
    for (const waiter of this.#take(id)) waiter.resolve(stream);
  }

  /** The question `id` will never be sent from here: refused for good, or discarded. */
  gone(id: string, error: Error): void {
    for (const waiter of this.#take(id)) waiter.reject(error);
  }

  #take(id: string): Waiter[] {
    const waiters = this.#waiting.get(id) ?? [];
    this.#waiting.delete(id);
    return waiters;
  }
}
