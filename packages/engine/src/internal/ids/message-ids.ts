/**
 * The ids of a turn's two messages, derived from the turn's id instead of drawn and stored: each
 * is the turn id with its random bits XOR-ed with a fixed mask, one mask per role. The version
 * and variant bits stay as they are, so a v4 turn id gives v4 message ids; the three ids of a
 * turn share no visible pattern; and a message id leads back to its turn by the same XOR. A
 * stored turn so holds one id instead of three (56 bytes each) and the engine needs no index
 * from message ids to turns.
 *
 * Turn ids are drawn by the engine only (never chosen by a client), so a message id of one turn
 * is another turn's id only by chance: once in 2^122.
 */

/** Which of a turn's two messages. */
export type MessageRole = 'user' | 'assistant';

const HEX_CODES = [...'0123456789abcdef'].map((digit) => digit.charCodeAt(0));
const UUID_LENGTH = 36;

/**
 * A mask of 36 nibbles, one per character of a UUID's text: 0 on the dashes, on the version
 * digit (position 14), and on the variant's two high bits (position 19).
 */
function maskOf(hex: string): Uint8Array {
  const mask = new Uint8Array(UUID_LENGTH);
  for (let position = 0; position < UUID_LENGTH; position++) {
    const digit = Number.parseInt(hex[position] ?? '0', 16);
    mask[position] =
      position === 14 || Number.isNaN(digit) ? 0 : position === 19 ? digit & 3 : digit;
  }
  return mask;
}

const MASKS: Record<MessageRole, Uint8Array> = {
  user: maskOf('5c1e9a37-b4d2-0f86-a3e7-2d9b61c4f058'),
  assistant: maskOf('a72f3c90-1e6b-0d45-9b82-e4c07a5d3169'),
};

const codes: number[] = new Array(UUID_LENGTH).fill(0);

/** `id` (a lower-case UUID's text) with its random bits XOR-ed with `mask`. */
function masked(id: string, mask: Uint8Array): string {
  if (id.length !== UUID_LENGTH) return id;
  for (let position = 0; position < UUID_LENGTH; position++) {
    const code = id.charCodeAt(position);
    const bits = mask[position] ?? 0;
    if (bits === 0) {
      codes[position] = code;
      continue;
    }
    const digit = code <= 0x39 ? code - 0x30 : code - 0x57;
    codes[position] = HEX_CODES[(digit ^ bits) & 0x0f] ?? code;
  }
  return String.fromCharCode(...codes);
}

/** The id of the `role` message of the turn `turnId`. */
export function messageIdOf(turnId: string, role: MessageRole): string {
  return masked(turnId, MASKS[role]);
}

/**
 * The turn id a message id would belong to if it were a `role` message (whether that turn exists
 * is the caller's lookup).
 */
export function turnIdOfMessage(messageId: string, role: MessageRole): string {
  return masked(messageId, MASKS[role]);
}
