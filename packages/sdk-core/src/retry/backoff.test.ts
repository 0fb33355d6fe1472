import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from './backoff.ts';

describe('exponentialBackoff', () => {
  it('draws each delay uniformly below a ceiling that doubles per retry', () => {
    const top = exponentialBackoff({
      initialDelayMs: 100,
      maxDelayMs: 10_000,
      random: () => 0.999999,
    });
    expect([1, 2, 3, 4].map(top)).toEqual([99, 199, 399, 799]);
    const half = exponentialBackoff({ initialDelayMs: 100, maxDelayMs: 10_000, random: () => 0.5 });
    expect(half(3)).toBe(200);
  });

  it('uses full jitter: the delay can be zero', () => {
    const backoff = exponentialBackoff({ random: () => 0 });
    expect(backoff(5)).toBe(0);
  });

  it('never exceeds the cap, however many retries came before', () => {
    const backoff = exponentialBackoff({
      initialDelayMs: 500,
      maxDelayMs: 2000,
      random: () => 0.999999,
    });
    expect(backoff(30)).toBeLessThan(2000);
    expect(backoff(30)).toBeGreaterThan(1990);
  });
});
