import { hasMarker, PartnerError } from './partner-error.ts';

const MARKER = Symbol.for('@partner-assistant/error.PartnerNetworkError');

/**
 * No HTTP response arrived: DNS, connection refused or reset, TLS. Always `retryable`; the SDK has
 * already retried it `maxRetries` times. `cause` holds the runtime's own error.
 */
export class PartnerNetworkError extends PartnerError {
  /** Present on every instance; what {@link isPartnerNetworkError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerNetworkError' as const;
  /** Always: the same call may reach the API later. */
  override readonly retryable = true;
}

/** True when `value` is a {@link PartnerNetworkError}, whichever copy of the package threw it. */
export function isPartnerNetworkError(value: unknown): value is PartnerNetworkError {
  return hasMarker(value, MARKER);
}
