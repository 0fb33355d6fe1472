import { describe, expect, it } from 'vitest';
import { tokenSchema } from './token.ts';

const token = {
  access_token: 'pat_3q2+7w==example',
  token_type: 'Bearer',
  expires_in: 900,
  expires_at: '2026-11-21T09:45:00.000Z',
  scopes: ['chat:read', 'chat:write', 'feedback:write'],
  user: { id: '8a6e0804-2bd0-4672-b79d-d97027f9071a' },
};

describe('tokenSchema', () => {
  it('accepts a token as issued', () => {
    expect(tokenSchema.parse(token)).toEqual(token);
  });

  it('keeps fields added by a later version', () => {
    const later = { ...token, refresh_hint: 'soon', user: { ...token.user, locale: 'fr-FR' } };
    expect(tokenSchema.parse(later)).toEqual(later);
  });

  it('accepts a token with fewer scopes', () => {
    expect(tokenSchema.safeParse({ ...token, scopes: ['chat:read'] }).success).toBe(true);
  });

  it.each(['access_token', 'token_type', 'expires_in', 'expires_at', 'scopes', 'user'])(
    'refuses a token without %s',
    (field) => {
      const { [field as keyof typeof token]: _, ...rest } = token;
      expect(tokenSchema.safeParse(rest).success).toBe(false);
    },
  );

  it.each([
    ['token_type bearer (lower case)', { token_type: 'bearer' }],
    ['token_type Basic', { token_type: 'Basic' }],
    ['an empty access_token', { access_token: '' }],
    ['a fractional expires_in', { expires_in: 1.5 }],
    ['a zero expires_in', { expires_in: 0 }],
    ['expires_in as a string', { expires_in: '900' }],
    ['a malformed expires_at', { expires_at: '2026-11-21 09:45' }],
    ['an unknown scope', { scopes: ['admin'] }],
    ['a user without id', { user: {} }],
  ])('refuses %s', (_, change) => {
    expect(tokenSchema.safeParse({ ...token, ...change }).success).toBe(false);
  });
});
