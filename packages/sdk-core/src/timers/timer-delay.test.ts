import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendRequest } from '../http/send-request.ts';
import { abortableSleep } from '../retry/abortable-sleep.ts';
import { MAX_TIMER_DELAY_MS, timerDelay } from './timer-delay.ts';

describe('timerDelay', () => {
  it('keeps a delay setTimeout honours, caps a longer one and floors NaN and negatives', () => {
    expect(timerDelay(1500)).toBe(1500);
    expect(timerDelay(MAX_TIMER_DELAY_MS)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelay(2 ** 40)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(-5)).toBe(0);
  });
});

describe('abortableSleep beyond setTimeout’s range', () => {
  afterEach(() => vi.useRealTimers());

  it('still waits for an Infinity sleep instead of resolving after 1 ms', async () => {
    vi.useFakeTimers();
    let done = false;
    void abortableSleep(Number.POSITIVE_INFINITY).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
    vi.clearAllTimers();
  });
});

describe('a request with timeoutMs: Infinity', () => {
  afterEach(() => vi.useRealTimers());

  it('is not timed out after 1 ms: it waits for the answer', async () => {
    vi.useFakeTimers();
    let settled = false;
    const never = () => new Promise<Response>(() => {});
    const request = sendRequest(
      { method: 'GET', url: 'http://127.0.0.1:9/x', authorization: 'Bearer t' },
      { fetch: never, timeoutMs: Number.POSITIVE_INFINITY, now: Date.now },
    );
    request.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    vi.clearAllTimers();
  });
});
