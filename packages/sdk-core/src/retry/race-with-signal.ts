import { abortReason } from './abort-reason.ts';
/**
 * Settles like `promise`, or rejects with the signal's reason as soon as it is aborted. Used when
 * several callers share one request: one caller giving up must not cancel it for the others.
 */
export function raceWithSignal<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    // Already aborted: rejects at once, and `promise` is still followed, so that its own
    // rejection is never left unhandled.
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
