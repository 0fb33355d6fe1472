import type { OutboxStorage } from './outbox-storage.ts';

/** A `localStorage`-like storage in memory; `async` answers every call with a promise. */
export class MemoryStorage implements OutboxStorage {
  readonly items = new Map<string, string>();
  /** Makes `setItem` throw (a full or broken storage). */
  failWrites = false;

  constructor(readonly async = false) {}

  getItem(key: string): string | null | Promise<string | null> {
    const value = this.items.get(key) ?? null;
    return this.async ? Promise.resolve(value) : value;
  }

  setItem(key: string, value: string): void | Promise<void> {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.items.set(key, value);
    return this.async ? Promise.resolve() : undefined;
  }

  removeItem(key: string): void | Promise<void> {
    this.items.delete(key);
    return this.async ? Promise.resolve() : undefined;
  }

  /** The ids listed in the index(es): an entry is kept for good once listed too. */
  listed(): string[] {
    const indexes = [...this.items].filter(([key]) => key.endsWith(':index'));
    return indexes.flatMap(([, value]) => JSON.parse(value) as string[]);
  }

  /** The stored keys of entries. */
  entryKeys(): string[] {
    return [...this.items.keys()].filter((key) => key.includes(':entry:'));
  }
}
