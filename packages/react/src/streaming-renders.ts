/**
 * How often the answer being streamed re-renders a component: `'per-frame'` at most once per
 * animation frame (`requestAnimationFrame`; a 16 ms timer where there is none, as on a server),
 * `{ intervalMs }` at most once per that many milliseconds, `'per-delta'` at every delta.
 * Everything else (the question accepted, the answer completed, a failure) renders at once, with
 * all the text received so far.
 */
export type StreamingRenders = 'per-frame' | 'per-delta' | { intervalMs: number };

/** Runs `run` once, later (never before it returns). */
export type RenderScheduler = (run: () => void) => void;

/** Milliseconds of a frame where `requestAnimationFrame` does not exist. */
const FRAME_MS = 16;

/**
 * The scheduler of a setting (`StreamingRenders`, its interval given as the number alone), or
 * `undefined` for `'per-delta'`: nothing waits.
 */
export function renderScheduler(
  setting: 'per-frame' | 'per-delta' | number,
): RenderScheduler | undefined {
  if (setting !== 'per-delta')
    return (run) => {
      // Looked up at each frame, not once: a page can gain it late (or a test can replace it).
      if (setting === 'per-frame' && typeof requestAnimationFrame === 'function')
        requestAnimationFrame(run);
      else setTimeout(run, setting === 'per-frame' ? FRAME_MS : setting);
    };
}

/**
 * A store listener that batches `notify`: streamed text (`textOnly`) notifies once when
 * `schedule` runs, however much of it came before; any other change notifies at once, and the
 * notification waiting then has nothing to add and is skipped. The subscriber reads the latest
 * state whenever it is notified, so a batch loses nothing and nothing older shows after something
 * newer. Without a scheduler, every change notifies at once.
 */
export function batchedListener(
  notify: () => void,
  schedule: RenderScheduler | undefined,
): (textOnly: boolean) => void {
  let waiting = false;
  const flush = () => {
    if (waiting) notify();
    waiting = false;
  };
  return (textOnly) => {
    if (textOnly && schedule) {
      if (!waiting) schedule(flush);
      waiting = true;
    } else {
      waiting = false;
      notify();
    }
  };
}
