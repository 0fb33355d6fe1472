import type { Timers } from '../realtime/platform.ts';
import { after, type OutboxPlatform } from './outbox-platform.ts';
import { PartnerOutboxError } from './partner-outbox-error.ts';

/**
 * Where the outbox keeps unsent questions: Web Storage (`localStorage`) and React Native's
 * `AsyncStorage` fit as they are. Any method may answer at once or with a promise, and may throw
 * or reject; `getItem` may answer `undefined` for a missing key (react-native-mmkv's `getString`,
 * a `Map`). A call not answered within 2 s counts as failed (the question goes out anyway).
 * @example
 * ```ts
 * const storage: OutboxStorage = window.localStorage;
 * ```
 */
export interface OutboxStorage {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
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

/**
 * The longest the outbox waits for one storage call: a storage that has not answered by then
 * (a stuck `AsyncStorage`) counts as failed, so that the question goes out anyway.
 */
export const STORAGE_BUDGET_MS = 2000;

/** A storage whose every call returns a promise, settled within {@link STORAGE_BUDGET_MS}. */
export interface AsyncStorageCalls {
  /** The text stored under `key`: `null` for anything else than a string (`undefined`...). */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * `answer`, a storage's answer, as a promise: rejected (`outbox_storage_failed`) when it is a
 * promise still unsettled after {@link STORAGE_BUDGET_MS} on `timers`.
 */
export function withinBudget<T>(answer: T | Promise<T>, timers: Timers): Promise<T> {
  if (!(answer instanceof Object && 'then' in answer)) return Promise.resolve(answer);
  return new Promise<T>((resolve, reject) => {
    const timer = after(timers, STORAGE_BUDGET_MS, () => {
      const message = `The outbox storage did not answer within ${STORAGE_BUDGET_MS} ms`;
      reject(new PartnerOutboxError('outbox_storage_failed', message));
    });
    Promise.resolve(answer)
      .then(resolve, reject)
      .finally(() => timers.clearTimeout(timer));
  });
}

/**
 * Wraps `storage` so that sync and async storages are used alike (a sync throw: a rejection),
 * each call within its budget on the timers `platform` has when it is made.
 */
export function asyncCalls(storage: OutboxStorage, platform: OutboxPlatform): AsyncStorageCalls {
  const call = <T>(run: () => T | Promise<T>): Promise<T> => {
    try {
      return withinBudget(run(), platform.timers);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    get: (key) =>
      call(() => storage.getItem(key)).then((value) => (typeof value === 'string' ? value : null)),
    set: (key, value) => call(() => storage.setItem(key, value)),
    remove: (key) => call(() => storage.removeItem(key)),
  };
}
