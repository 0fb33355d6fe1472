/**
 * Reads a `Retry-After` header (RFC 9110 §10.2.3): whole seconds or an HTTP date. Returns the wait
 * in milliseconds, or `undefined` when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
