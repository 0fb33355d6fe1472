const encoder = new TextEncoder();

/**
 * Compares two secret-like strings (tokens) in time that depends only on their lengths, so that
 * a caller cannot learn a token byte by byte from response times. Web-standard (no `node:crypto`).
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index++) {
    difference |= (a[index % Math.max(a.length, 1)] ?? 0) ^ (b[index % Math.max(b.length, 1)] ?? 0);
  }
  return difference === 0;
}
