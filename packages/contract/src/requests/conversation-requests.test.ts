import { describe, expect, it } from 'vitest';
import {
  createConversationRequestSchema,
  renameConversationRequestSchema,
} from './conversation-requests.ts';

const CONVERSATION_ID = '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35';

describe('renameConversationRequestSchema', () => {
  it('returns the normalized title', () => {
    expect(renameConversationRequestSchema.parse({ title: '  Passport\n\nrenewal ' })).toEqual({
      title: 'Passport renewal',
    });
  });

  it.each([
    ['a 255-character title', { title: 'a'.repeat(255) }],
    ['a one-character title', { title: 'a' }],
  ])('accepts %s', (_, body) => {
    expect(renameConversationRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['no title', {}],
    ['a null title', { title: null }],
    ['a whitespace-only title', { title: ' \t\n ' }],
    ['a 256-character title', { title: 'a'.repeat(256) }],
    ['an extra conversation_id', { title: 'Passport', conversation_id: CONVERSATION_ID }],
    ['an extra created_at', { title: 'Passport', created_at: '2026-11-21T09:30:00.000Z' }],
    ['a misspelled property', { titel: 'Passport' }],
  ])('refuses %s', (_, body) => {
    expect(renameConversationRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('createConversationRequestSchema', () => {
  it.each([
    ['an empty body', {}],
    ['a title only', { title: 'Renewing my passport' }],
    ['a client-generated conversation_id only', { conversation_id: CONVERSATION_ID }],
    ['both', { title: 'Renewing my passport', conversation_id: CONVERSATION_ID }],
  ])('accepts %s', (_, body) => {
    expect(createConversationRequestSchema.safeParse(body).success).toBe(true);
  });

  it('normalizes the title', () => {
    expect(createConversationRequestSchema.parse({ title: ' Renew  my passport ' })).toEqual({
      title: 'Renew my passport',
    });
  });

  it.each([
    ['a malformed conversation_id', { conversation_id: 'conversation-1' }],
    ['a whitespace-only title', { title: '   ' }],
    ['a 256-character title', { title: 'a'.repeat(256) }],
    ['an unknown property', { title: 'Passport', topic: 'passports' }],
  ])('refuses %s', (_, body) => {
    expect(createConversationRequestSchema.safeParse(body).success).toBe(false);
  });
});
