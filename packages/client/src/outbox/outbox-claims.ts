import { after, type OutboxPlatform } from './outbox-platform.ts';
import { asyncCalls, type OutboxStorage } from './outbox-storage.ts';

/** The part of the Web Locks API (`navigator.locks`) the outbox uses. */
interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
}

/** `navigator.locks` where the runtime has it (browsers), else `undefined` (Node, React Native). */
export function webLocks(): LockManagerLike | undefined {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
}

/** The last section queued on each name without Web Locks, until it settles. */
const sections = new Map<string, Promise<unknown>>();

/**
 * Runs `run` alone among the callers on the same lock `name`: across the tabs of an origin with
 * Web Locks; without them, within this JavaScript realm, whatever storage object each caller
 * uses (two objects over one store are one store). Two processes or realms without Web Locks are
 * not kept apart: see {@link claim}.
 */
export function exclusive<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(name, {}, run);
  const result = (sections.get(name) ?? Promise.resolve()).then(run, run);
  const settled = result.catch(() => {});
  sections.set(name, settled);
  void settled.then(() => sections.get(name) === settled && sections.delete(name));
  return result;
}

/** An entry held by one outbox, so that no other one sends it meanwhile. */
export interface Claim {
  release(): void;
}

/** What a claim needs: the outbox's clock and timers (`now` written in leases), and these. */
export interface ClaimSettings extends OutboxPlatform {
  /** Where leases are kept. */
  storage: OutboxStorage;
  owner: string;
  /** Lease length; renewed every third of it while held. */
  leaseMs: number;
}

/**
 * Holds `name` until released: a Web Lock where available (exclusive across the tabs of an
 * origin), else a lease in the storage, exclusive within one JavaScript realm. Between two
 * processes or realms sharing a store without Web Locks, the lease is read then written in two
 * calls (storages have no atomic compare-and-set): both may win it at the same moment, and only
 * the question's idempotency key keeps it to one turn.
 */
export function claim(name: string, settings: ClaimSettings): Promise<Claim | undefined> {
  const locks = webLocks();
  return locks ? lockClaim(locks, name) : leaseClaim(name, settings);
}

function lockClaim(locks: LockManagerLike, name: string): Promise<Claim | undefined> {
  return new Promise((resolve) => {
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    locks
      .request(name, { ifAvailable: true }, async (lock) => {
        if (!lock) return resolve(undefined);
        resolve({ release });
        await held;
      })
      .catch(() => resolve(undefined));
  });
}

interface Lease {
  owner: string;
  expiresAt: number;
}

function leaseOf(text: string | null): Lease | undefined {
  try {
    const lease = text === null ? undefined : (JSON.parse(text) as Partial<Lease>);
    return typeof lease?.owner === 'string' && typeof lease.expiresAt === 'number'
      ? (lease as Lease)
      : undefined;
  } catch {
    return undefined;
  }
}

async function leaseClaim(key: string, s: ClaimSettings): Promise<Claim | undefined> {
  const storage = asyncCalls(s.storage, s);
  const write = () =>
    storage.set(key, JSON.stringify({ owner: s.owner, expiresAt: s.now() + s.leaseMs }));
  const won = await exclusive(key, async () => {
    const lease = leaseOf(await storage.get(key));
    // A lease ending later than its length from now was written by a clock that ran ahead (since
    // corrected): void, or it would block its entry for as long as the clock was wrong.
    const now = s.now();
    if (lease && lease.expiresAt > now && lease.expiresAt <= now + s.leaseMs) return false;
    await write();
    return true;
  });
  if (!won) return undefined;
  let renewal: unknown;
  const renew = (): void => {
    renewal = after(s.timers, s.leaseMs / 3, () => {
      void write().catch(() => {});
      renew();
    });
  };
  renew();
  return {
    release() {
      s.timers.clearTimeout(renewal);
      void exclusive(key, async () => {
        if (leaseOf(await storage.get(key))?.owner === s.owner) await storage.remove(key);
      }).catch(() => {});
    },
  };
}
