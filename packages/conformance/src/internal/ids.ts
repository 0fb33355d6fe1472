/**
 * True when `a` and `b` are the same identifier. UUIDs compare without case (RFC 9562 §4): a
 * deployment may answer `DD30A65B-…` for the id it was sent as `dd30a65b-…`.
 */
export function sameId(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
