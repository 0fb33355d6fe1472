import type { Timers } from '../../src/realtime/platform.ts';

/** Real timers that know which are still to fire. */
export interface CountedTimers extends Timers {
  /** The timers set and neither fired nor cleared: none left, the client can do nothing by itself. */
  readonly live: ReadonlySet<unknown>;
}

/**
 * The runtime's timers, counting those still to fire: a test that asserts something does not
 * happen waits until none is left (the client at rest), rather than for a fixed while.
 */
export function countedTimers(): CountedTimers {
  const live = new Set<unknown>();
  return {
    live,
    setTimeout(callback, ms) {
      const handle = setTimeout(() => {
        live.delete(handle);
        callback();
      }, ms);
      live.add(handle);
      return handle;
    },
    clearTimeout(handle) {
      live.delete(handle);
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
}
