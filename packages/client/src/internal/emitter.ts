type Listener = (...args: never[]) => void;

/** Told when an app's listener threw. */
export type ListenerErrorReport = (error: unknown) => void;

/**
 * Listener lists by event name; what the connection and the turn streams build on. A listener
 * that throws is reported (to `report`) and never breaks the SDK nor reaches the app's global
 * handlers.
 */
export class Emitter<Events extends Record<string, unknown[]>> {
  readonly #listeners = new Map<keyof Events, Set<Listener>>();
  /** @internal */
  protected report: ListenerErrorReport | undefined;

  /**
   * Calls `listener` on each `type` event until the returned function is called.
   * @example
   * ```ts
   * const stop = client.connection.on('statechange', (state) => banner.show(state));
   * ```
   */
  on<K extends keyof Events>(type: K, listener: (...args: Events[K]) => void): () => void {
    const set = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, set.add(listener as unknown as Listener));
    return () => this.off(type, listener);
  }

  /** Stops calling `listener`. */
  off<K extends keyof Events>(type: K, listener: (...args: Events[K]) => void): void {
    this.#listeners.get(type)?.delete(listener as unknown as Listener);
  }

  /** @internal True once nothing more may be delivered (checked before each listener). */
  protected get silenced(): boolean {
    return false;
  }

  /** @internal Calls the listeners of `type`; one that throws is reported, and the rest run. */
  protected emit<K extends keyof Events>(type: K, ...args: Events[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      if (this.silenced) return;
      try {
        (listener as unknown as (...values: Events[K]) => void)(...args);
      } catch (error) {
        this.report?.(error);
      }
    }
  }
}
