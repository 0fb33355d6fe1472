import { hasMarker, PartnerError } from './partner-error.ts';

const MARKER = Symbol.for('@partner-assistant/error.PartnerConfigurationError');

/**
 * An SDK was constructed with a missing or malformed option (`new PartnerBackend(...)`,
 * `new PartnerAssistantClient(...)`), or the backend SDK was started in a browser-like runtime
 * where the client secret would be exposed. Never `retryable`.
 */
export class PartnerConfigurationError extends PartnerError {
  /** Present on every instance; what {@link isPartnerConfigurationError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerConfigurationError' as const;
}

/** True when `value` is a {@link PartnerConfigurationError}, whichever copy of the package threw it. */
export function isPartnerConfigurationError(value: unknown): value is PartnerConfigurationError {
  return hasMarker(value, MARKER);
}
