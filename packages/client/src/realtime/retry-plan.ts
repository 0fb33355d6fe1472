import type { Backoff } from '@partner-assistant/sdk-core';
import { timerDelay } from '@partner-assistant/sdk-core/internal';
import type { Timers } from './platform.ts';

/** How the connection retries; part of the client options. */
export interface ReconnectPolicy {
  /** Delay before failed attempt number `attempt` (1, 2, ...) is retried. */
  reconnectBackoff: Backoff;
  /** The first attempt after an open connection dropped waits a random delay below this. */
  firstRetryJitterMs: number;
  /** After this long without a working connection, retries slow down (`suspended`). */
  suspendAfterMs: number;
  /** Wait between retries once suspended. */
  suspendedRetryMs: number;
  random: () => number;
  timers: Timers;
  /** The monotonic clock. */
  now: () => number;
}

/**
 * The connection's retry plan: attempts since the connection last worked, and the attempt
 * planned, if any (`at`: the connection tells of each new plan, or of one dropped, after the
 * state change it belongs to).
 */
export class RetryPlan {
  #attempt = 0;
  /** When the last working connection was lost (or the run began: see {@link reset}). */
  #failingSince = 0;
  #at: number | undefined;
  #timer: unknown;

  readonly #policy: ReconnectPolicy;

  constructor(policy: ReconnectPolicy) {
    this.#policy = policy;
  }

  /** When the planned attempt falls due (the monotonic clock), or `undefined` when none is planned. */
  get at(): number | undefined {
    return this.#at;
  }

  /** Attempts made since the last working connection (0: none yet). */
  get attempt(): number {
    return this.#attempt;
  }

  /** Ms until the planned attempt (counting down), or `undefined` when none is planned. */
  get retryInMs(): number | undefined {
    const at = this.#at;
    return at === undefined ? undefined : Math.max(0, at - this.#policy.now());
  }

  /** The connection worked (or a new run begins): the next attempt starts at once again. */
  reset(): void {
    this.#attempt = 0;
    this.#failingSince = this.#policy.now();
  }

  /**
   * Plans the next attempt and runs `attempt` when it falls due (it drops the plan as it begins);
   * says whether the connection is now failing for long enough to be `suspended`. The first
   * attempt after a drop starts at once (a little jitter, so a server restart is not met by every
   * client in the same millisecond); the delay grows only across attempts that fail to open.
   */
  schedule(attempt: () => void): boolean {
    this.cancel();
    const policy = this.#policy;
    const now = policy.now();
    const suspended = now - this.#failingSince >= policy.suspendAfterMs;
    const delayMs = suspended
      ? policy.suspendedRetryMs
      : this.#attempt
        ? policy.reconnectBackoff(this.#attempt)
        : Math.floor(policy.random() * policy.firstRetryJitterMs);
    this.#attempt++;
    this.#at = now + delayMs;
    this.#timer = policy.timers.setTimeout(attempt, timerDelay(delayMs));
    return suspended;
  }

  /** Drops the planned attempt, if any. */
  cancel(): void {
    this.#policy.timers.clearTimeout(this.#timer);
    this.#at = undefined;
  }
}
