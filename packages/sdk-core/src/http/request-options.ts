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

/** A header name `fetch` can send: an RFC 9110 token. */
const HEADER_NAME = /^[\w!#$%&'*+.^`|~-]+$/;

/** A header value `fetch` can send: Latin-1 text without CR, LF or NUL (no header injection). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Why `fetch` would refuse the header, or `undefined`. Checked here, once, so a header that can
 * never be sent is a {@link PartnerConfigurationError} at once, not a `TypeError` from `fetch`
 * retried as a network failure. The value is never quoted: it may be a credential.
 */
function headerProblem(name: string, value: unknown): string | undefined {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name`;
  if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
    return `the value of ${name} must be text without line breaks or characters beyond Latin-1`;
  }
  if (SDK_HEADERS.test(name)) return `${name} is set by the SDK`;
  return undefined;
}

/**
 * `transport` with `options` over it, each checked: a header name is lowercased so a later value
 * replaces an earlier one whatever its case, and a header the SDK writes itself is refused rather
 * than silently dropped, and so is a header `fetch` cannot send (a name with a space, a value
 * with a line break). Serves the SDK's own options and each call's.
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
    const value = options.headers[name];
    const problem = headerProblem(name, value);
    if (problem) throw new PartnerConfigurationError(problem);
    headers[name.toLowerCase()] = value as string;
  }
  return { ...transport, timeoutMs, headers, retry: { ...transport.retry, maxRetries } };
}
