import { timerDelay } from '../timers/timer-delay.ts';
import { abortReason } from './abort-reason.ts';

/**
 * Waits `ms` milliseconds, or rejects with the signal's reason as soon as it is aborted. A wait
 * beyond `setTimeout`'s range is capped (see {@link timerDelay}), never fired at once.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal && abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
