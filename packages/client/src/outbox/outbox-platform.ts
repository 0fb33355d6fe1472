import { systemTimers, type Timers } from '../realtime/platform.ts';

/**
 * The clock and timers an outbox runs on: its client's once attached (the timers the connection
 * runs on, the `now` option), the runtime's before.
 */
export interface OutboxPlatform {
  /** Every wait of the outbox: a storage call's budget, a lease's renewal, a refusal's backoff. */
  timers: Timers;
  /** The wall clock, in ms: leases carry it to the other clients that read them. */
  now: () => number;
}

/** The runtime's timers and wall clock, until the outbox is attached to a client. */
export const runtimePlatform = (): OutboxPlatform => ({ timers: systemTimers, now: Date.now });

/**
 * Calls `callback` after `ms` on `timers`; on Node the wait keeps no process alive (a handle with
 * `unref` is unref'd). Returns the handle for `timers.clearTimeout`.
 */
export function after(timers: Timers, ms: number, callback: () => void): unknown {
  const handle = timers.setTimeout(callback, ms);
  (handle as { unref?: () => void } | null | undefined)?.unref?.();
  return handle;
}
