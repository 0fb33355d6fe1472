const PARTNER_ERROR_MARKER = Symbol.for('@partner-assistant/error');

/**
 * Base class of every error the Partner Assistant SDKs throw (backend and client alike). Recognize one with {@link isPartnerError} rather
 * than `instanceof`, which fails when two copies of the package are installed.
 */
export class PartnerError extends Error {
  /** Present on every instance; what {@link isPartnerError} looks for, across package copies. */
  readonly [PARTNER_ERROR_MARKER]: true = true;
  override name: string = 'PartnerError';
  /** Whether the same call may succeed if made again later (the SDK already retried it). */
  readonly retryable: boolean;

  /** @internal */
  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
  }
}

/** True when `value` is an error thrown by either SDK, whichever installed copy threw it. */
export function isPartnerError(value: unknown): value is PartnerError {
  return hasMarker(value, PARTNER_ERROR_MARKER);
}

/**
 * @internal True when `value` carries `marker`, the registered symbol an error class of either
 * SDK puts on its instances, so that they are recognized across package copies.
 */
export function hasMarker(value: unknown, marker: symbol): boolean {
  // A primitive has no marker; `null` and `undefined` stop at `?.`.
  return (value as Partial<Record<symbol, unknown>> | null | undefined)?.[marker] === true;
}
