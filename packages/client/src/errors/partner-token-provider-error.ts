import { PartnerError } from '@partner-assistant/sdk-core';
import { hasMarker } from '@partner-assistant/sdk-core/internal';

const MARKER = Symbol.for('@partner-assistant/error.PartnerTokenProviderError');

/** Why the token provider could not give a token. */
export type TokenProviderFailure = 'threw' | 'timeout' | 'invalid' | 'signed_out';

/**
 * The `token` option could not give a token: it threw or rejected (`cause` holds what it threw),
 * took longer than `tokenTimeoutMs`, returned something that is not a token, or resolved `null`
 * (`signed_out`: nothing is retried until `client.connection.connect()`). The request was
 * not sent. Not `retryable` by the SDK; your app may try again (your token endpoint may be down).
 *
 * @example
 * ```ts
 * if (isPartnerTokenProviderError(error)) showSignInAgain();
 * ```
 */
export class PartnerTokenProviderError extends PartnerError {
  /** Present on every instance; what {@link isPartnerTokenProviderError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerTokenProviderError' as const;
  /** What went wrong. */
  readonly failure: TokenProviderFailure;

  /** @internal */
  constructor(failure: TokenProviderFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }
}

/** True when `value` is a {@link PartnerTokenProviderError}, whichever copy of the SDK threw it. */
export function isPartnerTokenProviderError(value: unknown): value is PartnerTokenProviderError {
  return hasMarker(value, MARKER);
}
