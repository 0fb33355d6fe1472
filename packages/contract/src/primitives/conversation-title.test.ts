import { describe, expect, it } from 'vitest';
import { conversationTitleSchema, normalizeTitle } from './conversation-title.ts';

describe('normalizeTitle', () => {
  it.each([
    ['  Renew\n my   passport ', 'Renew my passport'],
    ['\tTabs\tand\r\nline breaks\n', 'Tabs and line breaks'],
    ['non\u00a0breaking\u3000spaces', 'non breaking spaces'],
    ['Cafe\u0301', 'Café'],
    ['   ', ''],
    ['Already clean', 'Already clean'],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeTitle(input)).toBe(expected);
  });

  it('composes to NFC', () => {
    expect(normalizeTitle('e\u0301')).toBe('\u00e9');
  });
});

describe('conversationTitleSchema', () => {
  it('returns the normalized title', () => {
    expect(conversationTitleSchema.parse('  Renew\n my   passport ')).toBe('Renew my passport');
  });

  it.each([
    ['one character', 'a'],
    ['255 characters', 'a'.repeat(255)],
    ['255 emoji', '😀'.repeat(255)],
    ['255 characters once surrounding space is trimmed', `  ${'a'.repeat(255)}  `],
    [
      '255 characters once decomposed accents are composed (510 code points sent)',
      'e\u0301'.repeat(255),
    ],
  ])('accepts %s', (_, title) => {
    expect(conversationTitleSchema.safeParse(title).success).toBe(true);
  });

  it.each([
    ['a NUL character', 'Passport\u0000renewal'],
    ['a lone surrogate', 'Passport \uD800'],
    ['an empty string', ''],
    ['only spaces', '     '],
    ['only tabs and line breaks', '\t\n\r\n'],
    ['256 characters', 'a'.repeat(256)],
    ['256 emoji', '😀'.repeat(256)],
    ['a number', 12],
    ['null', null],
  ])('refuses %s', (_, title) => {
    expect(conversationTitleSchema.safeParse(title).success).toBe(false);
  });
});
