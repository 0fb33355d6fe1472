/** A `navigator.locks` of one realm, as browsers have it: exclusive locks by name, queued in order. */
export class FakeLockManager {
  readonly #held = new Set<string>();
  readonly #queues = new Map<string, (() => void)[]>();

  /** The names held right now. */
  held(): string[] {
    return [...this.#held];
  }

  async request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T> {
    if (this.#held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve) => {
        this.#queues.set(name, [...(this.#queues.get(name) ?? []), resolve]);
      });
    }
    this.#held.add(name);
    try {
      return await callback({ name });
    } finally {
      const next = this.#queues.get(name)?.shift();
      if (next) next();
      else this.#held.delete(name);
    }
  }
}

/**
 * Runs `test` with `locks` as `navigator.locks` (`undefined`: a realm without Web Locks, as Node
 * 20 and React Native, though Node 22 and later have them), then puts the realm's `navigator` back.
 */
export async function withWebLocks(locks: FakeLockManager | undefined, test: () => Promise<void>) {
  const before = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true });
  try {
    await test();
  } finally {
    if (before) Object.defineProperty(globalThis, 'navigator', before);
    else Reflect.deleteProperty(globalThis, 'navigator');
  }
}
