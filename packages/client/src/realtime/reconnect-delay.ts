import type { Backoff } from '@partner-assistant/sdk-core';

/** How the connection retries; part of the client options. */
export interface ReconnectPolicy {
  /** Delay before failed attempt number `attempt` (1, 2, ...) is retried. */
  backoff: Backoff;
  /** The first attempt after an open connection dropped waits a random delay below this. */
  firstRetryJitterMs: number;
  /** After this long without a working connection, retries slow down (`suspended`). */
  suspendAfterMs: number;
  /** Wait between retries once suspended. */
  suspendedRetryMs: number;
  random: () => number;
}

/** Where a run of reconnection attempts stands. */
export interface ReconnectProgress {
  /** Attempts made since the last working connection (0: none yet). */
  attempt: number;
  /** When the last working connection was lost (or the first attempt began). */
  failingSince: number;
}

/**
 * The wait before the next attempt, and whether the connection is now `suspended`. The first
 * attempt after a drop starts at once (a little jitter, so a server restart is not met by every
 * client in the same millisecond); the delay grows only across attempts that fail to open.
 */
export function reconnectDelay(
  progress: ReconnectProgress,
  now: number,
  policy: ReconnectPolicy,
): { delayMs: number; suspended: boolean } {
  if (now - progress.failingSince >= policy.suspendAfterMs) {
    return { delayMs: policy.suspendedRetryMs, suspended: true };
  }
  if (progress.attempt === 0) {
    return { delayMs: Math.floor(policy.random() * policy.firstRetryJitterMs), suspended: false };
  }
  return { delayMs: policy.backoff(progress.attempt), suspended: false };
}
