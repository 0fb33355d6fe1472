/** Delay before retry number `attempt` (1 for the first retry), in milliseconds. */
export type Backoff = (attempt: number) => number;

/** Options of {@link exponentialBackoff}. */
export interface ExponentialBackoffOptions {
  /**
   * Upper bound of the first retry's delay; each later retry doubles it.
   * @default 500
   * @example 1000
   */
  initialDelayMs?: number;
  /**
   * Cap of the upper bound, however many retries came before.
   * @default 8000
   * @example 30_000
   */
  maxDelayMs?: number;
  /**
   * Source of randomness in [0, 1); injected in tests.
   * @default Math.random
   * @example () => 0.5
   */
  random?: () => number;
}

/** Defaults of {@link exponentialBackoff}. */
export const EXPONENTIAL_BACKOFF_DEFAULTS = {
  initialDelayMs: 500,
  maxDelayMs: 8000,
  random: Math.random,
} as const satisfies Required<ExponentialBackoffOptions>;

/**
 * Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"):
 * a uniform delay between 0 and `min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1))`, so many
 * clients failing together do not retry in lockstep.
 *
 * @example
 * ```ts
 * new PartnerBackend({ ...credentials, backoff: exponentialBackoff({ maxDelayMs: 2000 }) });
 * ```
 */
export function exponentialBackoff(options: ExponentialBackoffOptions = {}): Backoff {
  const { initialDelayMs, maxDelayMs, random } = { ...EXPONENTIAL_BACKOFF_DEFAULTS, ...options };
  return (attempt) => {
    const ceiling = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, attempt - 1));
    return Math.floor(random() * ceiling);
  };
}
