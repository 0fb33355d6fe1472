import type { EngineClock, TimerHandle } from './clock.ts';
import { type DueTimer, nextDueTimer } from './due-timers.ts';

/**
 * A clock that moves only when told: {@link advance} and {@link set} run every timer that falls
 * due, in due order (ties in scheduling order), each seeing `now()` equal to its due instant. So
 * token expiry, rate windows, the UTC daily quota and the turn scheduler move deterministically.
 */
export class ManualClock implements EngineClock {
  #now: number;
  #order = 0;
  readonly #timers = new Map<number, DueTimer>();

  /** Starts at `startMs` (epoch milliseconds). */
  constructor(startMs: number) {
    this.#now = startMs;
  }

  /** Current virtual instant, in epoch milliseconds. */
  now(): number {
    return this.#now;
  }

  /** Schedules `callback` `delayMs` virtual milliseconds from now (at least now). */
  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const order = ++this.#order;
    this.#timers.set(order, { dueAt: this.#now + Math.max(0, delayMs), order, callback });
    return order;
  }

  /** Cancels a timer; unknown or fired handles are ignored. */
  clearTimer(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }

  /** Number of timers waiting (diagnostics). */
  get pendingTimers(): number {
    return this.#timers.size;
  }

  /**
   * Moves time `ms` forward, running every timer due on the way, including timers those timers
   * schedule within the interval.
   *
   * @throws {RangeError} when `ms` is negative or not finite.
   */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`advance(ms) needs a finite, non-negative number, got ${ms}`);
    }
    const target = this.#now + ms;
    for (let timer = this.#nextDue(target); timer; timer = this.#nextDue(target)) {
      this.#timers.delete(timer.order);
      this.#now = Math.max(this.#now, timer.dueAt);
      timer.callback();
    }
    this.#now = target;
  }

  /**
   * Jumps to `instantMs`: forward runs the timers due on the way (as {@link advance}); backward
   * only moves the time, and pending timers wait for their instants.
   */
  set(instantMs: number): void {
    if (!Number.isFinite(instantMs)) throw new RangeError('set(instant) needs a valid instant');
    if (instantMs >= this.#now) this.advance(instantMs - this.#now);
    else this.#now = instantMs;
  }

  #nextDue(target: number): DueTimer | undefined {
    return nextDueTimer(this.#timers.values(), target);
  }
}
