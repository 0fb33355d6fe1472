import type { Timers } from './platform.ts';
import { type ReconnectPolicy, type ReconnectProgress, reconnectDelay } from './reconnect-delay.ts';

/**
 * The connection's retry plan: attempts since the connection last worked, and the attempt
 * planned, if any. Tells `changed` whenever the planned attempt is set or dropped, so nobody
 * needs to poll a clock to learn of it.
 */
export class RetryPlan implements ReconnectProgress {
  /** Attempts made since the last working connection (0: none yet). */
  attempt = 0;
  /** When the last working connection was lost (or the first attempt began). */
  failingSince: number;
  #at: number | undefined;
  #timer: unknown;

  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #changed: (retryInMs: number | undefined) => void;

  constructor(timers: Timers, now: () => number, changed: (retryInMs: number | undefined) => void) {
    this.#timers = timers;
    this.#now = now;
    this.#changed = changed;
    this.failingSince = now();
  }

  /** Ms until the planned attempt (counting down), or `undefined` when none is planned. */
  get retryInMs(): number | undefined {
    const at = this.#at;
    return at === undefined ? undefined : Math.max(0, at - this.#now());
  }

  /** The connection worked (or a new run begins): the next attempt starts at once again. */
  reset(): void {
    this.attempt = 0;
    this.failingSince = this.#now();
  }

  /**
   * Plans the next attempt by `policy` and runs `attempt` when it falls due; says whether the
   * connection is now failing for long enough to be `suspended`.
   */
  schedule(policy: ReconnectPolicy, attempt: () => void): { delayMs: number; suspended: boolean } {
    this.cancel();
    const next = reconnectDelay(this, this.#now(), policy);
    this.attempt++;
    this.#at = this.#now() + next.delayMs;
    this.#timer = this.#timers.setTimeout(() => {
      this.cancel();
      attempt();
    }, next.delayMs);
    this.#changed(next.delayMs);
    return next;
  }

  /** Drops the planned attempt, if any. */
  cancel(): void {
    if (this.#at === undefined) return;
    this.#timers.clearTimeout(this.#timer);
    this.#at = undefined;
    this.#changed(undefined);
  }
}
