import {
  COUNTRY_CODE_PATTERN,
  countCharacters,
  MESSAGE_CONTEXT_BOUNDS,
  PLATFORMS,
  UUID_PATTERN,
} from '@partner-assistant/contract/constants';
import type { InputIssue } from '@partner-assistant/sdk-core';

/** Collects every problem of one call's input, so they are reported together. */
export class InputIssues {
  readonly list: InputIssue[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  uuid(field: string, value: unknown): void {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) this.add(field, 'Must be a UUID');
  }

  /** A string of `min` to `max` UTF-16 units (zod's `.min`/`.max` on strings). */
  text(field: string, value: unknown, max: number): void {
    if (typeof value !== 'string') this.add(field, 'Must be a string');
    else if (value.length < 1 || value.length > max)
      this.add(field, `Must be 1 to ${max} characters`);
  }

  /** At most `max` characters, counted in code points as the API counts them. */
  characters(field: string, value: unknown, max: number): void {
    if (typeof value !== 'string') this.add(field, 'Must be a string');
    else if (countCharacters(value) > max) this.add(field, `Must be at most ${max} characters`);
  }

  oneOf(field: string, value: unknown, allowed: readonly string[]): void {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      this.add(field, `Must be one of ${allowed.join(', ')}`);
    }
  }

  number(field: string, value: unknown, min: number, max: number): void {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.add(field, `Must be a number from ${min} to ${max}`);
    }
  }

  /** Refuses keys outside `known`: a typo must not be dropped silently. */
  knownKeys(field: string, value: object, known: readonly string[]): void {
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.add(field ? `${field}.${key}` : key, 'Unknown option');
    }
  }

  /** An object of optional fields, checked by `check` when it is one. */
  object(field: string, value: unknown, check: (value: Record<string, unknown>) => void): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.add(field, 'Must be an object');
    } else check(value as Record<string, unknown>);
  }
}

const LOCATION_KEYS = [
  'city',
  'commune',
  'postal_code',
  'region',
  'country',
  'latitude',
  'longitude',
];
const { placeNameMaxLength, postalCodeMaxLength, appVersionMaxLength } = MESSAGE_CONTEXT_BOUNDS;

/** The message's `location`, as the contract's `locationSchema` decides. */
export function checkLocation(issues: InputIssues, value: unknown): void {
  issues.object('location', value, (location) => {
    issues.knownKeys('location', location, LOCATION_KEYS);
    const { city, commune, postal_code, region, country, latitude, longitude } = location;
    if (city !== undefined) issues.text('location.city', city, placeNameMaxLength);
    if (commune !== undefined) issues.text('location.commune', commune, placeNameMaxLength);
    if (postal_code !== undefined)
      issues.text('location.postal_code', postal_code, postalCodeMaxLength);
    if (region !== undefined) issues.text('location.region', region, placeNameMaxLength);
    if (
      country !== undefined &&
      (typeof country !== 'string' || !COUNTRY_CODE_PATTERN.test(country))
    ) {
      issues.add('location.country', 'Must be an ISO 3166-1 alpha-2 code such as FR');
    }
    if (latitude !== undefined) issues.number('location.latitude', latitude, -90, 90);
    if (longitude !== undefined) issues.number('location.longitude', longitude, -180, 180);
  });
}

/** The message's `metadata`, as the contract's `messageMetadataSchema` decides. */
export function checkMetadata(issues: InputIssues, value: unknown): void {
  issues.object('metadata', value, (metadata) => {
    issues.knownKeys('metadata', metadata, ['platform', 'app_version']);
    if (metadata.platform !== undefined)
      issues.oneOf('metadata.platform', metadata.platform, PLATFORMS);
    if (metadata.app_version !== undefined) {
      issues.text('metadata.app_version', metadata.app_version, appVersionMaxLength);
    }
  });
}
