/**
 * Where the outbox keeps unsent questions: Web Storage (`localStorage`) and React Native's
 * `AsyncStorage` fit as they are. Any method may answer at once or with a promise, and may throw.
 * @example
 * ```ts
 * const storage: OutboxStorage = window.localStorage;
 * ```
 */
export interface OutboxStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/** Every key the outbox writes starts with this, then the namespace. */
export const OUTBOX_KEY_PREFIX = 'partner-assistant:outbox:v1:';

/** The keys of one namespace: the list of entries, each entry, each entry's lease. */
export function outboxKeys(namespace: string) {
  const base = `${OUTBOX_KEY_PREFIX}${encodeURIComponent(namespace)}:`;
  return {
    index: `${base}index`,
    entry: (id: string) => `${base}entry:${id}`,
    lease: (id: string) => `${base}lease:${id}`,
  };
}

/** A storage whose every call returns a promise (a sync throw becomes a rejection). */
export interface AsyncStorageCalls {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Wraps `storage` so that sync and async storages are used alike. */
export function asyncCalls(storage: OutboxStorage): AsyncStorageCalls {
  const call = <T>(run: () => T | Promise<T>) => new Promise<T>((resolve) => resolve(run()));
  return {
    get: (key) => call(() => storage.getItem(key)).then((value) => value ?? null),
    set: (key, value) => call(() => storage.setItem(key, value)),
    remove: (key) => call(() => storage.removeItem(key)),
  };
}
