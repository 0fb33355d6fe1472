import { describe, expect, it, vi } from 'vitest';
import { PartnerApiError } from '../errors/partner-api-error.ts';
import { PartnerNetworkError } from '../errors/partner-network-error.ts';
import { type RetryPolicy, withRetries } from './retry-loop.ts';

function apiError(code: string, retryable: boolean, retryAfterMs?: number) {
  return new PartnerApiError({
    status: retryable ? 503 : 422,
    code,
    message: code,
    retryable,
    retryAfterMs,
  });
}

function policy(overrides: Partial<RetryPolicy> = {}) {
  const waits: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    waits.push(ms);
  });
  return {
    waits,
    policy: {
      maxRetries: 2,
      backoff: (n: number) => n * 100,
      maxRetryAfterMs: 5000,
      sleep,
      ...overrides,
    },
  };
}

describe('withRetries', () => {
  it('retries retryable errors with the backoff, then succeeds', async () => {
    const { waits, policy: p } = policy();
    const run = vi
      .fn()
      .mockRejectedValueOnce(apiError('queue_unavailable', true))
      .mockRejectedValueOnce(new PartnerNetworkError('down'))
      .mockResolvedValue('ok');
    await expect(withRetries(run, p)).resolves.toBe('ok');
    expect(run).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([100, 200]);
  });

  it('waits what Retry-After asked instead of the backoff', async () => {
    const { waits, policy: p } = policy();
    const run = vi
      .fn()
      .mockRejectedValueOnce(apiError('rate_limit_exceeded', true, 1000))
      .mockResolvedValue('ok');
    await withRetries(run, p);
    expect(waits).toEqual([1000]);
  });

  it('throws the last error once retries are exhausted', async () => {
    const { policy: p } = policy({ maxRetries: 1 });
    const last = apiError('queue_unavailable', true);
    const run = vi
      .fn()
      .mockRejectedValueOnce(apiError('queue_unavailable', true))
      .mockRejectedValueOnce(last);
    await expect(withRetries(run, p)).rejects.toBe(last);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never retries an error the API marks not retryable, nor a foreign error', async () => {
    const { policy: p } = policy();
    const run = vi.fn().mockRejectedValue(apiError('invalid_request', false));
    await expect(withRetries(run, p)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(run).toHaveBeenCalledTimes(1);
    const bug = vi.fn().mockRejectedValue(new TypeError('bug'));
    await expect(withRetries(bug, p)).rejects.toThrow('bug');
    expect(bug).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a Retry-After longer than allowed', async () => {
    const { waits, policy: p } = policy({ maxRetryAfterMs: 500 });
    const run = vi.fn().mockRejectedValue(apiError('rate_limit_exceeded', true, 60_000));
    await expect(withRetries(run, p)).rejects.toMatchObject({ code: 'rate_limit_exceeded' });
    expect(waits).toEqual([]);
  });

  it('stops with the abort reason when the signal is aborted between attempts', async () => {
    const controller = new AbortController();
    const reason = new Error('user left');
    const { policy: p } = policy();
    const run = vi.fn(async () => {
      controller.abort(reason);
      throw apiError('queue_unavailable', true);
    });
    await expect(withRetries(run, p, controller.signal)).rejects.toBe(reason);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
