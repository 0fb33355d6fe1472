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

/**
 * `transport` with `options` over it, each checked: a header name is lowercased so a later value
 * replaces an earlier one whatever its case, and a header the SDK writes itself is refused rather
 * than silently dropped. Serves the SDK's own options and each call's.
 */
export function withRequestOptions(
  transport: ResolvedTransport,
  options: RequestOptions,
): ResolvedTransport {
  const { timeoutMs = transport.timeoutMs, maxRetries = transport.retry.maxRetries } = options;
  if (!(timeoutMs > 0)) throw new PartnerConfigurationError('`timeoutMs` must be positive');
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new PartnerConfigurationError('`maxRetries` must be an integer of at least 0');
  }
  const headers = { ...transport.headers };
  for (const name in options.headers) {
    if (SDK_HEADERS.test(name)) throw new PartnerConfigurationError(`${name} is set by the SDK`);
    headers[name.toLowerCase()] = options.headers[name] as string;
  }
  return { ...transport, timeoutMs, headers, retry: { ...transport.retry, maxRetries } };
}
