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
    ['tabs and line breaks, which are folded', 'Renew\tmy\r\npassport'],
    ['255 characters with surrounding space', ` ${'a'.repeat(253)} `],
    ['decomposed accents (each counts as sent)', 'e\u0301'.repeat(127)],
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
    ['255 characters plus trailing spaces (the length is checked as sent)', `${'a'.repeat(255)}  `],
    ['200 composed characters sent as 400 decomposed code points', 'e\u0301'.repeat(200)],
    ['only ideographic and no-break spaces', '\u3000\u00a0'],
    ['a next-line control (not white space)', 'Passport\u0085renewal'],
    ['a number', 12],
    ['null', null],
  ])('refuses %s', (_, title) => {
    expect(conversationTitleSchema.safeParse(title).success).toBe(false);
  });
});
