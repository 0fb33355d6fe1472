import { describe, expect, it } from 'vitest';
import { isIanaTimeZone, timeZoneSchema } from './time-zone.ts';

describe('timeZoneSchema', () => {
  it.each([
    'Europe/Paris',
    'UTC',
    'America/New_York',
    'America/Argentina/Buenos_Aires',
    'Etc/GMT+5',
  ])('accepts the IANA name %s', (name) => {
    expect(timeZoneSchema.parse(name)).toBe(name);
    expect(isIanaTimeZone(name)).toBe(true);
  });

  it.each([
    'Mars/Olympus',
    'Europe/../etc',
    '../../etc/passwd',
    'Europe/Paris ',
    '',
    '+01:00',
    'Paris',
  ])('refuses %j', (name) => {
    expect(timeZoneSchema.safeParse(name).success).toBe(false);
    expect(isIanaTimeZone(name)).toBe(false);
  });

  it('refuses a value that is not a string', () => {
    expect(timeZoneSchema.safeParse(1).success).toBe(false);
  });
});
