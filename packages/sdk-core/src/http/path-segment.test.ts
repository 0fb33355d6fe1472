import { describe, expect, it } from 'vitest';
import { isPartnerValidationError } from '../errors/partner-validation-error.ts';
import { pathSegment } from './path-segment.ts';

function refusal(value: string): unknown {
  try {
    pathSegment(value, 'turnId');
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('pathSegment', () => {
  it('percent-encodes an id into one segment', () => {
    expect(pathSegment('3F2504E0-4F89-11D3-9A0C-0305E82C3301', 'turnId')).toBe(
      '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    );
    expect(pathSegment('a/b?c#d', 'externalUserId')).toBe('a%2Fb%3Fc%23d');
    expect(pathSegment('...', 'externalUserId')).toBe('...');
    expect(pathSegment('%2e', 'externalUserId')).toBe('%252e');
  });

  it('refuses what a URL parser would drop or resolve to another path, naming the field', () => {
    for (const value of ['', '.', '..']) {
      const error = refusal(value);
      expect(isPartnerValidationError(error), value).toBe(true);
      expect((error as Error).message).toContain('turnId');
    }
  });
});
