/** A timer waiting on a clock: when it is due, and its place in scheduling order. */
export interface DueTimer {
  dueAt: number;
  order: number;
  callback: () => void;
}

/** The first timer due at or before `target` (earliest, ties in scheduling order), if any. */
export function nextDueTimer<T extends DueTimer>(
  timers: Iterable<T>,
  target: number,
): T | undefined {
  let next: T | undefined;
  for (const timer of timers) {
    if (timer.dueAt > target) continue;
    if (
      !next ||
      timer.dueAt < next.dueAt ||
      (timer.dueAt === next.dueAt && timer.order < next.order)
    )
      next = timer;
  }
  return next;
}
