/** Opaque handle of a timer scheduled on an {@link EngineClock}. */
export type TimerHandle = unknown;

/**
 * The engine's only source of time: it both tells the time and schedules work, so a manual clock
 * can drive token expiry, rate windows, the daily quota and the turn scheduler together.
 */
export interface EngineClock {
  /** Current instant, in milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `callback` once, `delayMs` milliseconds from now. */
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  /** Cancels a timer; cancelling a fired or cancelled timer does nothing. */
  clearTimer(handle: TimerHandle): void;
}

/** The real clock, from web-standard globals (`Date.now`, `setTimeout`). */
export const systemClock: EngineClock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => globalThis.setTimeout(callback, Math.max(0, delayMs)),
  clearTimer: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
