import { exclusive } from './outbox-claims.ts';
import { type OutboxEntry, parseEntry, parseIndex, serializeEntry } from './outbox-entry.ts';
import type { OutboxPlatform } from './outbox-platform.ts';
import {
  type AsyncStorageCalls,
  asyncCalls,
  type OutboxStorage,
  outboxKeys,
  withinBudget,
} from './outbox-storage.ts';

/**
 * The entries of one namespace in a storage: an index (the list of ids) and one key per entry.
 * Changes of the index are exclusive (Web Locks across tabs, else within the realm). Every method
 * may reject with what the storage threw.
 */
export class OutboxStore {
  readonly keys: ReturnType<typeof outboxKeys>;
  /** The storage as given (its synchronous answers are used at once). */
  readonly #raw: OutboxStorage;
  readonly #calls: AsyncStorageCalls;
  readonly #platform: OutboxPlatform;

  /** `platform`: the outbox's, read at each call (its client's once attached). */
  constructor(storage: OutboxStorage, namespace: string, platform: OutboxPlatform) {
    this.#raw = storage;
    this.#platform = platform;
    this.#calls = asyncCalls(storage, platform);
    this.keys = outboxKeys(namespace);
  }

  /**
   * Writes `entry` (`again`: once more, for a new attempt count), and lists it. A synchronous
   * storage (`localStorage`) has both before `put` returns, so a reload right after cannot lose
   * it; the exclusive listing that follows makes sure no other tab's edit dropped it meanwhile.
   * A first write that cannot be listed is taken back (unlisted, it would never be found again).
   */
  async put(entry: OutboxEntry, again = false): Promise<void> {
    const id = entry.clientMessageId;
    const key = this.keys.entry(id);
    const written = this.#raw.setItem(key, serializeEntry(entry));
    try {
      if (written === undefined) this.#listNow(id);
      else await withinBudget(written, this.#platform.timers);
      await this.#edit((ids) => (ids.includes(id) ? ids : [...ids, id]));
    } catch (error) {
      if (!again) await this.#calls.remove(key).catch(() => {});
      throw error;
    }
  }

  /** Removes the entry and its listing. */
  async remove(id: string): Promise<void> {
    await this.#edit((ids) => ids.filter((listed) => listed !== id));
    await this.#calls.remove(this.keys.entry(id));
  }

  /** The entry stored under `id`, if readable. */
  async read(id: string): Promise<OutboxEntry | undefined> {
    return parseEntry(await this.#calls.get(this.keys.entry(id)));
  }

  /**
   * Every readable listed entry, in the order listed (written): never sorted by `createdAt`, the
   * clock of the moment, which a correction may have set back between two questions.
   */
  async list(): Promise<OutboxEntry[]> {
    const ids = parseIndex(await this.#calls.get(this.keys.index));
    const entries = await Promise.all(ids.map((id) => this.read(id)));
    return entries.filter((entry): entry is OutboxEntry => entry !== undefined);
  }

  /** Lists `id` at once in a synchronous storage (best effort: `#edit` follows). */
  #listNow(id: string): void {
    const { index } = this.keys;
    // `undefined` is a missing key too (react-native-mmkv); a promise: `#edit` lists it.
    const text = this.#raw.getItem(index) ?? null;
    if (typeof text !== 'string' && text !== null)
      return void Promise.resolve(text).catch(() => {});
    const ids = parseIndex(text);
    if (!ids.includes(id)) this.#raw.setItem(index, JSON.stringify([...ids, id]));
  }

  #edit(change: (ids: string[]) => string[]): Promise<void> {
    const { index } = this.keys;
    return exclusive(index, async () => {
      const ids = parseIndex(await this.#calls.get(index));
      const next = change(ids);
      if (next.length === 0) await this.#calls.remove(index);
      else if (next !== ids) await this.#calls.set(index, JSON.stringify(next));
    });
  }
}
