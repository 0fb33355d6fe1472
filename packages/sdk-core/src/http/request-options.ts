import { PartnerConfigurationError } from '../errors/partner-configuration-error.ts';
import type { ResolvedTransport } from './resolve-transport.ts';

/**
 * Options of one call: the same object, last, on every REST method of both SDKs. Each field left
 * out takes the SDK's own setting.
 *
 * @example
 * ```ts
 * await client.messages.send(conversationId, input, {
 *   signal: controller.signal,
 *   timeoutMs: 30_000,
 *   maxRetries: 0,
 *   headers: { 'X-Trace-Id': traceId },
 * });
 * ```
 */
export interface RequestOptions {
  /**
   * Cancels the call, including a wait between retries; the promise rejects with the signal's
   * reason.
   * @default none
   * @example AbortSignal.timeout(5000)
   */
  signal?: AbortSignal;
  /**
   * Time allowed to each attempt of this call, in milliseconds.
   * @default the SDK's `timeoutMs`
   * @example 30_000
   */
  timeoutMs?: number;
  /**
   * Retries of this call after its first attempt; `0` sends it once.
   * @default the SDK's `maxRetries`
   * @example 0
   */
  maxRetries?: number;
  /**
   * Extra headers of this call, over the SDK's `defaultHeaders` (names are case-insensitive).
   * `Authorization`, `Content-Type` and `Accept` are the SDK's and are refused.
   * @default none
   * @example { 'X-Trace-Id': traceId }
   */
  headers?: Record<string, string>;
}

/**
 * Headers the SDK writes itself: the credentials (refreshed and retried by the SDK, so another
 * value would leak into or break authentication) and the JSON it sends and reads.
 */
const SDK_HEADERS = /^(authorization|content-type|accept)$/i;

/** Checks a count option: an integer of at least 0. */
export function checkedCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new PartnerConfigurationError(`\`${name}\` must be an integer of at least 0`);
  }
  return value;
}

/** Checks a duration option: more than 0. */
export function checkedTimeout(value: number): number {
  if (!(value > 0)) throw new PartnerConfigurationError('`timeoutMs` must be positive');
  return value;
}

/**
 * `extra` over `base`, names lowercased so a later value replaces an earlier one whatever its
 * case; a header the SDK writes itself is refused rather than silently dropped.
 */
export function mergedHeaders(
  base: Record<string, string>,
  extra: Record<string, string> | undefined,
  name: string,
): Record<string, string> {
  const headers = { ...base };
  for (const header in extra) {
    if (SDK_HEADERS.test(header)) {
      throw new PartnerConfigurationError(`\`${name}\` cannot set ${header}: the SDK sets it`);
    }
    headers[header.toLowerCase()] = String(extra[header]);
  }
  return headers;
}

/** The SDK's transport with one call's options over it, each checked. */
export function transportOfCall(
  transport: ResolvedTransport,
  options: RequestOptions,
): ResolvedTransport {
  const { timeoutMs = transport.timeoutMs, maxRetries = transport.retry.maxRetries } = options;
  return {
    ...transport,
    timeoutMs: checkedTimeout(timeoutMs),
    retry: { ...transport.retry, maxRetries: checkedCount(maxRetries, 'maxRetries') },
    headers: mergedHeaders(transport.headers, options.headers, 'headers'),
  };
}
