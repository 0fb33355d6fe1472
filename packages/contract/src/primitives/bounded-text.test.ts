import { describe, expect, it } from 'vitest';
import { countCharacters } from '../constants/field-limits.ts';
import { boundedText } from './bounded-text.ts';

describe('countCharacters', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['👍🏽', 2],
    ['e\u0301', 2],
    ['北京', 2],
  ])('counts %j as %i code points', (text, count) => {
    expect(countCharacters(text)).toBe(count);
  });
});

describe('boundedText', () => {
  const twoToFour = boundedText({ min: 2, max: 4 });

  it.each([
    ['ab', true],
    ['abcd', true],
    ['😀😀😀😀', true],
    ['a', false],
    ['abcde', false],
    ['😀', false],
    ['😀😀😀😀😀', false],
  ])('%j → accepted %s', (text, accepted) => {
    expect(twoToFour.safeParse(text).success).toBe(accepted);
  });

  it('checks and returns the normalized value', () => {
    const upper = boundedText({ max: 3, normalize: (value) => value.trim().toUpperCase() });
    expect(upper.parse('  abc  ')).toBe('ABC');
    expect(upper.safeParse('  abcd ').success).toBe(false);
  });

  it('reports the bounds in messages a user can read', () => {
    const result = twoToFour.safeParse('abcdef');
    expect(result.error?.issues[0]?.message).toBe('Must be at most 4 characters');
  });
});
