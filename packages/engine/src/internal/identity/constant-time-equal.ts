const encoder = new TextEncoder();

/**
 * Compares two secrets in time that depends only on their lengths, so that a caller cannot guess
 * a client secret byte by byte from response times. Web-standard (no `node:crypto`).
 *
 * Kept in two copies on purpose, this one and
 * `packages/backend/src/internal/constant-time-equal.ts`, identical below their TSDoc
 * (`test/constant-time-equal-copies.test.ts` fails when they drift): the engine and the backend
 * share only the contract, whose surface is the API's vocabulary, a published promise a
 * credentials helper does not belong to; and `@partner-assistant/sdk-core` sits above the engine
 * (contract → engine → transports → SDKs), so the engine cannot import it.
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
