import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedListener, type RenderScheduler, renderScheduler } from './streaming-renders.ts';

/** A scheduler whose frames run when the test says. */
function manualFrames() {
  let waiting: (() => void)[] = [];
  const schedule: RenderScheduler = (run) => {
    waiting.push(run);
  };
  const frame = () => {
    const due = waiting;
    waiting = [];
    for (const run of due) run();
  };
  return { schedule, frame, waiting: () => waiting.length };
}

const TEXT_ONLY = true;
const STATE = false;

describe('batchedListener', () => {
  it('a burst of streamed text notifies once, at the next frame; the next burst at the next one', () => {
    const frames = manualFrames();
    const notify = vi.fn();
    const listener = batchedListener(notify, frames.schedule);
    for (let i = 0; i < 500; i++) listener(TEXT_ONLY);
    expect(notify).not.toHaveBeenCalled();
    expect(frames.waiting()).toBe(1);
    frames.frame();
    expect(notify).toHaveBeenCalledTimes(1);
    listener(TEXT_ONLY);
    listener(TEXT_ONLY);
    frames.frame();
    expect(notify).toHaveBeenCalledTimes(2);
    frames.frame();
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('any other change notifies at once; the frame waiting then adds nothing', () => {
    const frames = manualFrames();
    const notify = vi.fn();
    const listener = batchedListener(notify, frames.schedule);
    listener(TEXT_ONLY);
    listener(STATE);
    expect(notify).toHaveBeenCalledTimes(1);
    frames.frame();
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('text streamed after a change waits for a frame again, and is not lost', () => {
    const frames = manualFrames();
    const notify = vi.fn();
    const listener = batchedListener(notify, frames.schedule);
    listener(TEXT_ONLY);
    listener(STATE);
    listener(TEXT_ONLY); // its frame may be the one already asked for: never later than that
    expect(notify).toHaveBeenCalledTimes(1);
    frames.frame();
    expect(notify).toHaveBeenCalledTimes(2);
    expect(frames.waiting()).toBe(0);
  });

  it('without a scheduler (per-delta), every change notifies at once', () => {
    const notify = vi.fn();
    const listener = batchedListener(notify, undefined);
    listener(TEXT_ONLY);
    listener(TEXT_ONLY);
    expect(notify).toHaveBeenCalledTimes(2);
  });
});

describe('renderScheduler', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('per-frame uses requestAnimationFrame where it exists', () => {
    const requestAnimationFrame = vi.fn(() => 7);
    vi.stubGlobal('requestAnimationFrame', requestAnimationFrame);
    const run = () => {};
    renderScheduler('per-frame')?.(run);
    expect(requestAnimationFrame).toHaveBeenCalledWith(run);
  });

  it('per-frame falls back to a 16 ms timer where requestAnimationFrame does not exist', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.useFakeTimers();
    const run = vi.fn();
    renderScheduler('per-frame')?.(run);
    vi.advanceTimersByTime(15);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('an interval waits that many milliseconds; per-delta has no scheduler', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    renderScheduler(100)?.(run);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(renderScheduler('per-delta')).toBeUndefined();
  });
});
