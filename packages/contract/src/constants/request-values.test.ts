import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidSchema } from '../primitives/uuid.ts';
import { FIELD_LIMITS } from './field-limits.ts';
import { CLIENT_MESSAGE_ID_PATTERN, UUID_PATTERN } from './request-values.ts';

describe('zod-free request patterns', () => {
  it('UUID_PATTERN accepts exactly what uuidSchema accepts', () => {
    const candidate = fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      fc.stringMatching(/^[0-9a-fA-F-]{30,40}$/),
      fc.string(),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        expect(UUID_PATTERN.test(value)).toBe(uuidSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('CLIENT_MESSAGE_ID_PATTERN follows FIELD_LIMITS.clientMessageIdMaxLength', () => {
    const max = FIELD_LIMITS.clientMessageIdMaxLength;
    expect(CLIENT_MESSAGE_ID_PATTERN.test('a'.repeat(max))).toBe(true);
    expect(CLIENT_MESSAGE_ID_PATTERN.test('a'.repeat(max + 1))).toBe(false);
  });
});
