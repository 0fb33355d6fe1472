import { describe, expect, it } from 'vitest';
import { locationSchema, messageMetadataSchema, PLATFORMS } from './message-input.ts';

describe('locationSchema', () => {
  it.each([
    ['a city', { city: 'Lyon' }],
    ['a commune INSEE code', { commune: '69123' }],
    ['a country code', { country: 'FR' }],
    ['the extreme coordinates', { latitude: -90, longitude: 180 }],
    [
      'every key',
      {
        city: 'Lyon',
        commune: 'Lyon',
        postal_code: '69001',
        region: 'ARA',
        country: 'FR',
        latitude: 45.76,
        longitude: 4.83,
      },
    ],
  ])('accepts %s', (_, location) => {
    expect(locationSchema.parse(location)).toEqual(location);
  });

  it.each([
    ['an unknown key', { city: 'Lyon', street: 'Rue de la République' }],
    ['an empty city', { city: '' }],
    ['a three-letter country', { country: 'FRA' }],
    ['a lowercase country', { country: 'fr' }],
    ['latitude above 90', { latitude: 90.5 }],
    ['latitude below -90', { latitude: -91 }],
    ['longitude above 180', { longitude: 180.1 }],
    ['a latitude as a string', { latitude: '45.76' }],
    ['a numeric postal code', { postal_code: 69001 }],
  ])('refuses %s', (_, location) => {
    expect(locationSchema.safeParse(location).success).toBe(false);
  });
});

describe('messageMetadataSchema', () => {
  it.each(PLATFORMS)('accepts platform %s', (platform) => {
    expect(messageMetadataSchema.parse({ platform })).toEqual({ platform });
  });

  it.each([
    ['a one-character app_version', '4'],
    ['a 64-character app_version', '1'.repeat(64)],
  ])('accepts %s', (_, appVersion) => {
    expect(messageMetadataSchema.safeParse({ app_version: appVersion }).success).toBe(true);
  });

  it.each([
    ['an unknown platform', { platform: 'windows' }],
    ['an uppercase platform', { platform: 'iOS' }],
    ['an empty app_version', { app_version: '' }],
    ['a 65-character app_version', { app_version: '1'.repeat(65) }],
    ['an unknown key', { platform: 'web', locale: 'fr-FR' }],
  ])('refuses %s', (_, metadata) => {
    expect(messageMetadataSchema.safeParse(metadata).success).toBe(false);
  });
});
