import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-platform.test-support.ts';
import { RetryPlan } from './retry-plan.ts';

function plan() {
  const clock = new FakeClock();
  const changes: (number | undefined)[] = [];
  const retryPlan = new RetryPlan({
    reconnectBackoff: (n: number) => n * 100,
    firstRetryJitterMs: 250,
    suspendAfterMs: 1000,
    suspendedRetryMs: 5000,
    random: () => 0.99,
    timers: clock,
    now: clock.clock,
  });
  retryPlan.reset();
  // The plan as the connection tells it after each change: the wait before the planned attempt.
  const told = <T>(result: T) => {
    changes.push(retryPlan.retryInMs);
    return result;
  };
  const schedule = (attempt: () => void) => told(retryPlan.schedule(attempt));
  const cancel = () => told(retryPlan.cancel());
  return { clock, retryPlan, changes, schedule, cancel };
}

describe('RetryPlan', () => {
  it('first attempt after a drop: under the jitter bound; then the backoff; then suspended', () => {
    const { clock, retryPlan, changes, schedule } = plan();
    const noop = () => {};
    expect(schedule(noop)).toBe(false);
    for (let i = 0; i < 3; i++) schedule(noop);
    clock.jump(999);
    expect(schedule(noop)).toBe(false);
    clock.jump(1);
    expect(schedule(noop)).toBe(true);
    const planned = changes.filter((ms) => ms !== undefined);
    expect(planned).toEqual([247, 100, 200, 300, 400, 5000]);
    expect(retryPlan.retryInMs).toBe(5000);
  });

  it('runs the attempt when it falls due; cancel() drops it and says so', async () => {
    const { clock, retryPlan, changes, schedule, cancel } = plan();
    let runs = 0;
    schedule(() => runs++);
    await clock.advance(247);
    expect(runs).toBe(1);
    schedule(() => runs++);
    cancel();
    expect(retryPlan.retryInMs).toBeUndefined();
    await clock.advance(10_000);
    expect(runs).toBe(1);
    expect(changes.at(-1)).toBeUndefined();
  });
});
