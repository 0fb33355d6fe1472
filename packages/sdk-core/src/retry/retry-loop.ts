import { isPartnerError } from '../errors/partner-error.ts';
import { abortReason } from './abort-reason.ts';
import type { Backoff } from './backoff.ts';

/** What the retry loop needs; every piece is injected so tests need no timers. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Delay when the server did not say how long to wait. */
  backoff: Backoff;
  /** A server-requested wait longer than this is not honoured: the error is thrown instead. */
  maxRetryAfterMs: number;
  /** Waits, or rejects with the signal's reason when it is aborted. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before each retry. */
  onRetry?: (info: { attempt: number; delayMs: number; error: Error }) => void;
}

/**
 * Runs `attempt` until it succeeds, throws an error that is not `retryable`, or retries run out.
 * A server's `Retry-After` wins over the backoff. Only errors of this package are retried, so an
 * abort (the signal's own reason) or a programming error stops at once.
 */
export async function withRetries<T>(
  run: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isPartnerError(error) || !error.retryable || attempt > policy.maxRetries) throw error;
      if (signal?.aborted) throw abortReason(signal);
      const requested = (error as { retryAfterMs?: number }).retryAfterMs;
      if (requested !== undefined && requested > policy.maxRetryAfterMs) throw error;
      const delayMs = requested ?? policy.backoff(attempt);
      policy.onRetry?.({ attempt, delayMs, error });
      await policy.sleep(delayMs, signal);
    }
  }
}
