import type { Timers } from './platform.ts';

/** Settings of a {@link Heartbeat}. */
export interface HeartbeatSettings {
  /** Quiet time before a `ping` is sent. */
  intervalMs: number;
  /** Time a `ping` has to be answered (by any frame). */
  timeoutMs: number;
  now: () => number;
  timers: Timers;
  sendPing: () => void;
  /** The socket is dead: drop it. */
  onDead: () => void;
}

/**
 * Detects a dead socket: a `ping` after `intervalMs` of silence, and death when no frame arrives
 * within `timeoutMs` of it. Every decision is taken against the monotonic clock (`now()`), not
 * by counting timer ticks (nor by the wall clock, which a time sync moves), so a ping sent before a laptop slept is found unanswered by the first
 * timer or {@link Heartbeat.probe} after waking, and the socket is dropped instead of lingering as a zombie.
 */
export class Heartbeat {
  readonly #settings: HeartbeatSettings;
  #lastFrameAt = 0;
  #pingSentAt: number | undefined;
  #timer: unknown;
  #running = false;

  constructor(settings: HeartbeatSettings) {
    this.#settings = settings;
  }

  /** Starts watching a newly opened socket. */
  start(): void {
    this.#running = true;
    this.#lastFrameAt = this.#settings.now();
    this.#pingSentAt = undefined;
    this.#check();
  }

  /** Stops watching (socket closed). */
  stop(): void {
    this.#running = false;
    this.#settings.timers.clearTimeout(this.#timer);
  }

  /** Any frame proves the socket alive; an answered ping plans the next one `intervalMs` on. */
  frameReceived(): void {
    this.#lastFrameAt = this.#settings.now();
    const answered = this.#pingSentAt !== undefined;
    this.#pingSentAt = undefined;
    if (answered && this.#running) this.#check();
  }

  /** After a wake-up: drops the socket if a ping is overdue, else pings now unless one is out. */
  probe(): void {
    if (this.#running) this.#check(true);
  }

  /**
   * Decides from the clock, then plans the next decision. Only an unanswered ping condemns the
   * socket: a timer that a background tab held back says nothing about the network, so after long
   * silence a ping is sent and given its own deadline.
   */
  #check(probe = false): void {
    const { now, intervalMs, timeoutMs, timers, sendPing, onDead } = this.#settings;
    const at = now();
    timers.clearTimeout(this.#timer);
    let sent = this.#pingSentAt;
    if (sent !== undefined && at - sent >= timeoutMs) {
      this.stop();
      onDead();
      return;
    }
    if (sent === undefined && (probe || at - this.#lastFrameAt >= intervalMs)) {
      this.#pingSentAt = sent = at;
      sendPing();
    }
    const due = sent === undefined ? this.#lastFrameAt + intervalMs : sent + timeoutMs;
    this.#timer = timers.setTimeout(() => this.#check(), Math.max(0, due - at));
  }
}
