const HEX_CODES = [...'0123456789abcdef'].map((digit) => digit.charCodeAt(0));
const DASH = 0x2d;
const codes: number[] = new Array(36).fill(0);

/**
 * Formats 16 bytes (from `offset`) as an RFC 9562 version 4 UUID (version and variant bits set).
 * The text is built in one piece: a UUID assembled by concatenation (as `crypto.randomUUID()`
 * returns it) is a tree of string fragments of about 600 bytes, where a flat one takes 56, and
 * the engine keeps four ids per turn.
 */
export function uuidFromBytes(bytes: Uint8Array, offset = 0): string {
  let position = 0;
  for (let index = 0; index < 16; index++) {
    if (index === 4 || index === 6 || index === 8 || index === 10) codes[position++] = DASH;
    let octet = bytes[offset + index] ?? 0;
    if (index === 6) octet = (octet & 0x0f) | 0x40;
    if (index === 8) octet = (octet & 0x3f) | 0x80;
    codes[position++] = HEX_CODES[octet >> 4] ?? 0;
    codes[position++] = HEX_CODES[octet & 0x0f] ?? 0;
  }
  return String.fromCharCode(...codes);
}
