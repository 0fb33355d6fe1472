import { hasMarker, PartnerError } from './partner-error.ts';

const MARKER = Symbol.for('@partner-assistant/error.PartnerTimeoutError');

/**
 * One attempt took longer than the `timeout` option. Always `retryable`; the SDK has already
 * retried it `maxRetries` times.
 */
export class PartnerTimeoutError extends PartnerError {
  /** Present on every instance; what {@link isPartnerTimeoutError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerTimeoutError' as const;
  /** The per-attempt timeout that was exceeded, in milliseconds. */
  readonly timeoutMs: number;

  /** @internal */
  constructor(timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`, { retryable: true });
    this.timeoutMs = timeoutMs;
  }
}

/** True when `value` is a {@link PartnerTimeoutError}, whichever copy of the package threw it. */
export function isPartnerTimeoutError(value: unknown): value is PartnerTimeoutError {
  return hasMarker(value, MARKER);
}
