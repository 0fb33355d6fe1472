import type { EngineClock, TimerHandle } from './clock.ts';
import { type DueTimer, nextDueTimer } from './due-timers.ts';

/**
 * One tenant's time over the server's manual clock: the server's instant plus an offset the
 * tenant's tests moved it by. Its timers run on its own time, so moving one tenant forward fires
 * that tenant's timers (turns, socket expiry) and nobody else's, while moving the server clock
 * moves every tenant together (one timer on the server clock stands for the tenant's earliest).
 */
export class TenantClock implements EngineClock {
  readonly #server: EngineClock;
  readonly #timers = new Map<number, DueTimer>();
  #offset = 0;
  #order = 0;
  #armed: { handle: TimerHandle; dueAt: number } | undefined;

  constructor(server: EngineClock) {
    this.#server = server;
  }

  /** The tenant's instant: the server's plus the tenant's offset. */
  now(): number {
    return this.#server.now() + this.#offset;
  }

  /** Milliseconds this tenant is ahead of (or, negative, behind) the server. */
  get offsetMs(): number {
    return this.#offset;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const order = ++this.#order;
    const dueAt = this.now() + Math.max(0, delayMs);
    this.#timers.set(order, { dueAt, order, callback });
    if (!this.#armed || dueAt < this.#armed.dueAt) this.#arm();
    return order;
  }

  clearTimer(handle: TimerHandle): void {
    // The server timer may stay armed: when it fires with nothing due, it only re-arms.
    this.#timers.delete(handle as number);
  }

  /** Moves only this tenant `ms` forward, running its timers due on the way, in due order. */
  advance(ms: number): void {
    const target = this.#offset + ms;
    for (let timer = this.#nextDue(this.#server.now() + target); timer; ) {
      this.#timers.delete(timer.order);
      this.#offset = Math.max(this.#offset, timer.dueAt - this.#server.now());
      timer.callback();
      timer = this.#nextDue(this.#server.now() + target);
    }
    this.#offset = target;
    this.#arm();
  }

  /** Puts this tenant at `offsetMs` from the server; backward leaves its timers waiting. */
  setOffset(offsetMs: number): void {
    if (offsetMs >= this.#offset) {
      this.advance(offsetMs - this.#offset);
      return;
    }
    this.#offset = offsetMs;
    this.#arm();
  }

  /** Cancels every timer (the tenant was removed or the server reset). */
  dispose(): void {
    this.#timers.clear();
    this.#disarm();
  }

  #fire(): void {
    this.#armed = undefined;
    const now = this.now();
    for (let timer = this.#nextDue(now); timer; timer = this.#nextDue(now)) {
      this.#timers.delete(timer.order);
      timer.callback();
    }
    this.#arm();
  }

  #arm(): void {
    this.#disarm();
    const next = this.#nextDue(Number.POSITIVE_INFINITY);
    if (!next) return;
    const handle = this.#server.setTimer(() => this.#fire(), next.dueAt - this.now());
    this.#armed = { handle, dueAt: next.dueAt };
  }

  #disarm(): void {
    if (this.#armed) this.#server.clearTimer(this.#armed.handle);
    this.#armed = undefined;
  }

  #nextDue(target: number): DueTimer | undefined {
    return nextDueTimer(this.#timers.values(), target);
  }
}
