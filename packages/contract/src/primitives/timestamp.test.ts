import { describe, expect, it } from 'vitest';
import { timestampSchema } from './timestamp.ts';

describe('timestampSchema', () => {
  it.each([
    '2026-11-21T09:30:00.000Z',
    '2026-11-21T09:30:00Z',
    '2026-11-21T10:30:00+01:00',
    '2026-11-21T04:30:00.123456-05:00',
    '2028-02-29T00:00:00Z',
  ])('accepts %s', (value) => {
    expect(timestampSchema.parse(value)).toBe(value);
  });

  it.each([
    ['a thirteenth month', '2026-13-01T00:00:00Z'],
    ['a 30 February', '2026-02-30T00:00:00Z'],
    ['a plain date', '2026-11-21'],
    ['no time zone designator', '2026-11-21T09:30:00'],
    ['hour 24', '2026-11-21T24:00:00Z'],
    ['garbage', 'not a date'],
    ['an empty string', ''],
    ['a Unix time in milliseconds', 1_795_000_000_000],
    ['a date written with slashes', '21/11/2026 09:30'],
  ])('refuses %s', (_, value) => {
    expect(timestampSchema.safeParse(value).success).toBe(false);
  });
});
