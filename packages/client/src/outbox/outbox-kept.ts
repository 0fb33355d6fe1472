import type { Claim } from './outbox-claims.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/** A question an outbox keeps in memory: written by this client and not yet accepted nor refused. */
export interface Kept {
  entry: OutboxEntry;
  /** Its entry is in the storage. */
  stored: boolean;
  claim: Claim | undefined;
  discarded: boolean;
  /** Settles once its entry was written (again) (or failed to be) and claimed (or not). */
  ready: Promise<unknown>;
  /** Kept before this outbox started (taken in by a replay): older than any question sent since. */
  replayed: boolean;
  /** Times the API refused it for now (a rate limit, a busy queue) since this outbox held it. */
  refusals: number;
  /** The timer (the outbox's timers' handle) that offers it to the chat again after such a refusal, if any. */
  later: unknown;
}

/** A kept question's record (`stored`: already in the storage, as a replayed one is). */
export function keptOf(entry: OutboxEntry, stored: boolean, claim?: Claim): Kept {
  return {
    ...{ entry, stored, claim, discarded: false, ready: Promise.resolve() },
    ...{ refusals: 0, later: undefined, replayed: false },
  };
}
