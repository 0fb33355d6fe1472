import { describe, expect, it } from 'vitest';
import { type PacerClock, RequestPacer } from './request-pacer.ts';

/** A virtual clock: sleeping moves time, and every wait is recorded. */
function virtualClock() {
  let now = 0;
  const waits: number[] = [];
  const clock: PacerClock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits, advance: (ms: number) => (now += ms) };
}

describe('RequestPacer', () => {
  it('keeps any one-minute window under 80 % of requests_per_minute', async () => {
    const { clock } = virtualClock();
    const pacer = new RequestPacer(clock);
    pacer.setRate(60);
    const sentAt: number[] = [];
    for (let i = 0; i < 200; i++) {
      await pacer.slot();
      sentAt.push(clock.now());
    }
    for (const start of sentAt) {
      const inWindow = sentAt.filter((at) => at >= start && at < start + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(48);
    }
  });

  it('does not wait when the caller was slower than the rate', async () => {
    const { clock, waits, advance } = virtualClock();
    const pacer = new RequestPacer(clock);
    pacer.setRate(600);
    await pacer.slot();
    advance(1000);
    await pacer.slot();
    expect(waits).toEqual([]);
  });

  it('waits a minute between requests when the allowance is suspended (0)', async () => {
    const { clock, waits } = virtualClock();
    const pacer = new RequestPacer(clock);
    pacer.setRate(0);
    await pacer.slot();
    await pacer.slot();
    expect(waits).toEqual([60_000]);
  });
});
