import { timerDelay } from '../timers/timer-delay.ts';
import { raceWithSignal } from './race-with-signal.ts';

/**
 * Waits `ms` milliseconds, or rejects with the signal's reason as soon as it is aborted. A wait
 * beyond `setTimeout`'s range is capped (see {@link timerDelay}), never fired at once. The timer
 * is cleared either way, so an aborted wait holds no process open.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  // Set by the promise's executor, which runs at once.
  let timer!: ReturnType<typeof setTimeout>;
  const sleep = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timerDelay(ms));
  });
  return raceWithSignal(sleep, signal).finally(() => clearTimeout(timer));
}
