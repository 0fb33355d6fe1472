import { describe, expect, it } from 'vitest';
import { externalUserIdSchema } from './external-user-id.ts';

describe('externalUserIdSchema', () => {
  it.each([
    ['a short id', 'user-42'],
    ['255 ASCII characters', 'a'.repeat(255)],
    ['255 emoji (one character each, 510 UTF-16 units)', '😀'.repeat(255)],
    ['an e-mail-like opaque value', 'partner:user@example.com'],
    ['spaces and non-Latin letters', 'Zoë Ørsted 北京'],
  ])('accepts %s', (_, id) => {
    expect(externalUserIdSchema.parse(id)).toBe(id);
  });

  it.each([
    ['an empty string', ''],
    ['256 ASCII characters', 'a'.repeat(256)],
    ['256 emoji', '😀'.repeat(256)],
    ['a line feed', 'user\n42'],
    ['a NUL character', 'user\u000042'],
    ['a tab', 'user\t42'],
    ['DEL', 'user\u007f'],
    ['a C1 control character', 'user\u0085'],
    ['a bidirectional override', 'user\u202Eevil'],
    ['a lone surrogate', 'user\uD800'],
    ['a dot segment', '.'],
    ['a double-dot segment', '..'],
    ['a number', 42],
    ['null', null],
  ])('refuses %s', (_, id) => {
    expect(externalUserIdSchema.safeParse(id).success).toBe(false);
  });
});
