import { hasMarker, PartnerError } from './partner-error.ts';

const MARKER = Symbol.for('@partner-assistant/error.PartnerValidationError');

/** One invalid input, named by its SDK argument (`externalUserId`, `title`, `message`, ...). */
export interface InputIssue {
  /** Name of the argument or option, such as `externalUserId`. */
  readonly field: string;
  /** Why it was refused. */
  readonly message: string;
}

/**
 * An argument was refused before any request was sent; fix the call. Never `retryable`.
 * The rejected values are not copied into the message (an external id may be personal data).
 */
export class PartnerValidationError extends PartnerError {
  /** Present on every instance; what {@link isPartnerValidationError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerValidationError' as const;
  /** Every invalid input. */
  readonly issues: readonly InputIssue[];

  /** @internal */
  constructor(issues: readonly InputIssue[]) {
    super(`Invalid input: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`);
    this.issues = issues;
  }
}

/** True when `value` is a {@link PartnerValidationError}, whichever copy of the package threw it. */
export function isPartnerValidationError(value: unknown): value is PartnerValidationError {
  return hasMarker(value, MARKER);
}
