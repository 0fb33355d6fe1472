import { describe, expect, it } from 'vitest';
import { uuidSchema } from './uuid.ts';

describe('uuidSchema', () => {
  it.each([
    '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35',
    '3F9A7C2E-5B1D-4E8F-A6C0-9D2B7E4F1A35',
    '018f3a4e-7b2c-7d10-8e4f-1a2b3c4d5e6f',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '3f9a7c2e-5B1D-4e8f-A6C0-9d2b7e4f1a35',
  ])('accepts %s', (id) => {
    expect(uuidSchema.parse(id)).toBe(id);
  });

  it.each([
    ['too short', '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a3'],
    ['without hyphens', '3f9a7c2e5b1d4e8fa6c09d2b7e4f1a35'],
    ['a non-hexadecimal digit', '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a3g'],
    ['surrounded by braces', '{3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35}'],
    ['a plain word', 'conversation-1'],
    ['an empty string', ''],
    ['a number', 42],
  ])('refuses an id %s', (_, id) => {
    expect(uuidSchema.safeParse(id).success).toBe(false);
  });
});
