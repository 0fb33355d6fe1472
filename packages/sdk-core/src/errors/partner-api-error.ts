import type { ApiErrorCode, ErrorDetail } from '@partner-assistant/contract';
import { hasMarker, PartnerError } from './partner-error.ts';

const MARKER = Symbol.for('@partner-assistant/error.PartnerApiError');

/**
 * The API answered with an error envelope (or with a body the SDK could not read, code
 * `invalid_response`). `code` narrows with {@link isPartnerApiError}.
 *
 * @example
 * ```ts
 * try { await backend.issueToken({ externalUserId }); }
 * catch (error) {
 *   if (isPartnerApiError(error, 'rate_limit_exceeded')) retryLater(error.retryAfterMs);
 * }
 * ```
 */
export class PartnerApiError<
  Code extends ApiErrorCode | (string & {}) = ApiErrorCode | (string & {}),
> extends PartnerError {
  /** Present on every instance; what {@link isPartnerApiError} looks for, across package copies. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerApiError' as const;
  /** HTTP status of the response. */
  readonly status: number;
  /** Machine-readable code from the error envelope, such as `invalid_request`. */
  readonly code: Code;
  /** Request id to quote to support (`error.request_id`, or the `X-Request-Id` header). */
  readonly requestId: string | undefined;
  /** Invalid fields, on `invalid_request`. */
  readonly details: readonly ErrorDetail[];
  /** Wait the server asked for with `Retry-After`, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  /** @internal */
  constructor(init: {
    status: number;
    code: Code;
    message: string;
    retryable: boolean;
    requestId?: string | undefined;
    details?: readonly ErrorDetail[] | undefined;
    retryAfterMs?: number | undefined;
  }) {
    super(init.message, { retryable: init.retryable });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * True when `value` is a {@link PartnerApiError}, optionally with the given `code`; narrows `code`
 * to that literal for the type checker.
 *
 * @example
 * ```ts
 * if (isPartnerApiError(error, 'unauthorized')) error.code; // type: 'unauthorized'
 * ```
 */
export function isPartnerApiError<const Code extends ApiErrorCode>(
  value: unknown,
  code: Code,
): value is PartnerApiError<Code>;
export function isPartnerApiError(value: unknown): value is PartnerApiError;
export function isPartnerApiError(value: unknown, code?: string): boolean {
  return (
    hasMarker(value, MARKER) && (code === undefined || (value as PartnerApiError).code === code)
  );
}
