/** Entries kept by default; beyond it the oldest is dropped and recomputed when needed again. */
const CAPACITY = 512;

/**
 * A bounded map, oldest entry dropped first: what the simulated assistant recomputes on demand
 * is kept for the many turns that ask alike, without growing with the number of turns.
 */
export class BoundedCache<V, K extends string | number = string> {
  readonly #entries = new Map<K, V>();
  readonly #capacity: number;

  constructor(capacity = CAPACITY) {
    this.#capacity = capacity;
  }

  /** The value of `key`, computed by `compute` on a miss. */
  get(key: K, compute: () => V): V {
    const known = this.#entries.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, value);
    return value;
  }

  /** Forgets `key` (its value is recomputed if asked again). */
  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Forgets every entry whose key starts with `prefix`. */
  deletePrefixed(prefix: string): void {
    for (const key of this.#entries.keys()) {
      if (String(key).startsWith(prefix)) this.#entries.delete(key);
    }
  }
}
