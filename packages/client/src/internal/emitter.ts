type Listener = (...args: never[]) => void;

/** Listener lists by event name; what the connection and the turn streams build on. */
export class Emitter<Events extends Record<string, unknown[]>> {
  readonly #listeners = new Map<keyof Events, Set<Listener>>();

  /**
   * Calls `listener` on each `type` event until the returned function is called.
   * @example
   * ```ts
   * const stop = client.connection.on('statechange', (state) => banner.show(state));
   * ```
   */
  on<K extends keyof Events>(type: K, listener: (...args: Events[K]) => void): () => void {
    let set = this.#listeners.get(type);
    if (!set) {
      set = new Set();
      this.#listeners.set(type, set);
    }
    set.add(listener as unknown as Listener);
    return () => this.off(type, listener);
  }

  /** Stops calling `listener`. */
  off<K extends keyof Events>(type: K, listener: (...args: Events[K]) => void): void {
    this.#listeners.get(type)?.delete(listener as unknown as Listener);
  }

  /** @internal A listener that throws is reported, never allowed to break the SDK. */
  protected emit<K extends keyof Events>(type: K, ...args: Events[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        (listener as unknown as (...values: Events[K]) => void)(...args);
      } catch (error) {
        // Reported as an uncaught error, out of the SDK's stack (queueMicrotask is not everywhere).
        Promise.resolve().then(() => {
          throw error;
        });
      }
    }
  }
}
