import { PartnerError } from '@partner-assistant/sdk-core';
import { hasMarker } from '@partner-assistant/sdk-core/internal';

const MARKER = Symbol.for('@partner-assistant/error.PartnerTurnError');

/**
 * The assistant could not answer: the turn `failed` (`assistant.error`, or a failed turn read over
 * REST). Any partial answer already streamed is void. `retryable` says whether sending the same
 * question again (a new message) may succeed.
 *
 * @example
 * ```ts
 * try { await stream.finalMessage(); }
 * catch (error) { if (isPartnerTurnError(error)) showRetryButton(error.retryable); }
 * ```
 */
export class PartnerTurnError extends PartnerError {
  /** Present on every instance; what {@link isPartnerTurnError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerTurnError' as const;
  /** Why processing ended, such as `processing_failed`. */
  readonly code: string;
  /** The turn that failed. */
  readonly turnId: string;

  /** @internal */
  constructor(init: {
    code?: string | undefined;
    message: string;
    retryable?: boolean | undefined;
    turnId: string;
  }) {
    super(init.message, { retryable: init.retryable });
    this.code = init.code ?? 'processing_failed';
    this.turnId = init.turnId;
  }
}

/** True when `value` is a {@link PartnerTurnError}, whichever copy of the SDK threw it. */
export function isPartnerTurnError(value: unknown): value is PartnerTurnError {
  return hasMarker(value, MARKER);
}
