/** Time and waiting, injected so the pacing logic is testable without real time. */
export interface PacerClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Share of the application's `requests_per_minute` the run allows itself. */
export const RATE_SHARE = 0.8;

/**
 * Spaces requests so that the run stays under an application's `requests_per_minute`, with room
 * to spare for the partner's own traffic: at most {@link RATE_SHARE} of the rate, spread evenly,
 * so no fixed one-minute window ever sees more than that share (plus one).
 */
export class RequestPacer {
  #intervalMs = 0;
  #next = 0;

  constructor(private readonly clock: PacerClock) {}

  /** Sets the rate to stay under; 0 or less pauses a minute between requests. */
  setRate(requestsPerMinute: number): void {
    const allowed = Math.floor(requestsPerMinute * RATE_SHARE);
    this.#intervalMs = allowed > 0 ? 60_000 / allowed : 60_000;
  }

  /** The spacing between two requests, in milliseconds. */
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Resolves when the next request may leave. */
  async slot(signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#intervalMs;
    if (at > now) await this.clock.sleep(at - now, signal);
  }
}

/** Real time, with an abortable sleep. */
export const systemPacerClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
