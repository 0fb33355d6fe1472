import { describe, expect, it } from 'vitest';
import { localeSchema } from './locale.ts';

describe('localeSchema', () => {
  it.each([
    'fr-FR',
    'en',
    'en-GB',
    'zh-Hant-TW',
    'es-419',
    'de-CH-1996',
    'sr-Latn',
    'de-DE-u-co-phonebk',
    'en-US-x-twain',
  ])('accepts the BCP 47 tag %s', (tag) => {
    expect(localeSchema.parse(tag)).toBe(tag);
  });

  it.each([
    'fr_FR',
    'french!',
    '',
    'f',
    'fr-',
    '-FR',
    'fr FR',
    'fr-FR-',
    `en-${'a'.repeat(70)}`,
    'en-u',
    42,
  ])('refuses %j', (tag) => {
    expect(localeSchema.safeParse(tag).success).toBe(false);
  });
});
