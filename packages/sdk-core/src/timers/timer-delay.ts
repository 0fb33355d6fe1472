/**
 * The longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days). A longer one, `Infinity`
 * or `NaN` makes every platform's `setTimeout` fire after about 1 ms: an instant failure, or a hot
 * loop where the delay paces a retry.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * `ms` as a delay `setTimeout` honours: `NaN` and negatives wait 0 ms, anything above
 * {@link MAX_TIMER_DELAY_MS} (including `Infinity`) waits that long instead of firing at once.
 * A wait of 24.8 days stands for "never" in every SDK timer.
 *
 * @example
 * setTimeout(check, timerDelay(options.timeoutMs)); // `Infinity` never fires in practice
 */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(ms, MAX_TIMER_DELAY_MS);
}
