import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay.ts';

const policy = {
  backoff: (n: number) => n * 100,
  firstRetryJitterMs: 250,
  suspendAfterMs: 1000,
  suspendedRetryMs: 5000,
  random: () => 0.99,
};

describe('reconnectDelay', () => {
  it('first attempt after a drop: under the jitter bound; then the backoff; then suspended', () => {
    expect(reconnectDelay({ attempt: 0, failingSince: 0 }, 0, policy)).toEqual({
      delayMs: 247,
      suspended: false,
    });
    expect(reconnectDelay({ attempt: 3, failingSince: 0 }, 999, policy)).toEqual({
      delayMs: 300,
      suspended: false,
    });
    expect(reconnectDelay({ attempt: 3, failingSince: 0 }, 1000, policy)).toEqual({
      delayMs: 5000,
      suspended: true,
    });
  });
});
