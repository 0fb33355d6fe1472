import { PartnerError } from '@partner-assistant/sdk-core';
import { hasMarker } from '@partner-assistant/sdk-core/internal';

const MARKER = Symbol.for('@partner-assistant/error.PartnerOutboxError');

/** Why the outbox failed: a question discarded before it left, or the storage failing. */
export type OutboxErrorCode = 'outbox_discarded' | 'outbox_storage_failed';

/**
 * An error of the outbox: the stream of a question removed with `client.outbox.discard` fails
 * with code `outbox_discarded`; a storage that throws is reported on `client.outbox.on('error')`
 * with code `outbox_storage_failed` (its error as `cause`).
 * @example
 * ```ts
 * stream.on('error', (error) => {
 *   if (isPartnerOutboxError(error) && error.code === 'outbox_discarded') removeBubble();
 * });
 * ```
 */
export class PartnerOutboxError extends PartnerError {
  /** Present on every instance; what {@link isPartnerOutboxError} looks for. */
  readonly [MARKER]: true = true;
  override readonly name = 'PartnerOutboxError' as const;
  /** `outbox_discarded` or `outbox_storage_failed`. */
  readonly code: OutboxErrorCode;

  /** @internal */
  constructor(code: OutboxErrorCode, message: string, cause?: unknown) {
    super(message, { cause });
    this.code = code;
  }
}

/** True when `value` is a {@link PartnerOutboxError}, whichever installed copy threw it. */
export function isPartnerOutboxError(value: unknown): value is PartnerOutboxError {
  return hasMarker(value, MARKER);
}
