import type { Claim } from './outbox-claims.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/** A question an outbox holds: being written, waiting for the network, or sent and awaited. */
export interface Held {
  entry: OutboxEntry;
  /** Its entry is in the storage. */
  stored: boolean;
  claim: Claim | undefined;
  /** Handed to the chat to go out: too late to discard. */
  released: boolean;
  discarded: boolean;
  gate: { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void };
}

/** A held entry whose gate is shut: `written` resolves once it opens (or rejects, discarded). */
export function heldOf(entry: OutboxEntry, stored: boolean, held?: Claim): Held {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  const gate = { promise, resolve, reject };
  return { entry, stored, claim: held, released: false, discarded: false, gate };
}
