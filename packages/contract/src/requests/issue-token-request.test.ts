import { describe, expect, it } from 'vitest';
import { issueTokenRequestSchema } from './issue-token-request.ts';

describe('issueTokenRequestSchema', () => {
  it.each([
    ['external_user_id only', { external_user_id: 'user-42' }],
    ['every field', { external_user_id: 'user-42', locale: 'fr-FR', timezone: 'Europe/Paris' }],
    ['a 255-character id', { external_user_id: 'u'.repeat(255) }],
    ['a 255-emoji id', { external_user_id: '🦊'.repeat(255) }],
    ['locale en and timezone UTC', { external_user_id: 'u', locale: 'en', timezone: 'UTC' }],
    ['locale zh-Hant-TW', { external_user_id: 'u', locale: 'zh-Hant-TW' }],
  ])('accepts %s', (_, body) => {
    expect(issueTokenRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['no external_user_id', { locale: 'fr-FR' }],
    ['an empty external_user_id', { external_user_id: '' }],
    ['a 256-character external_user_id', { external_user_id: 'u'.repeat(256) }],
    ['a control character in external_user_id', { external_user_id: 'user\r\n42' }],
    ['a numeric external_user_id', { external_user_id: 42 }],
    ['locale fr_FR', { external_user_id: 'u', locale: 'fr_FR' }],
    ['locale french!', { external_user_id: 'u', locale: 'french!' }],
    ['timezone Mars/Olympus', { external_user_id: 'u', timezone: 'Mars/Olympus' }],
    ['timezone Europe/../etc', { external_user_id: 'u', timezone: 'Europe/../etc' }],
    ['an unknown property', { external_user_id: 'u', email: 'user@example.com' }],
    ['scopes chosen by the caller', { external_user_id: 'u', scopes: ['chat:read'] }],
  ])('refuses %s', (_, body) => {
    expect(issueTokenRequestSchema.safeParse(body).success).toBe(false);
  });
});
