import { describe, expect, it } from 'vitest';
import {
  conversationPathSchema,
  messagePathSchema,
  turnPathSchema,
  userPathSchema,
} from './path-parameters.ts';

const ID = '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9';

describe.each([
  ['conversationPathSchema', conversationPathSchema, 'conversation_id'],
  ['turnPathSchema', turnPathSchema, 'turn_id'],
  ['messagePathSchema', messagePathSchema, 'message_id'],
])('%s', (_, schema, key) => {
  it(`accepts a UUID ${key}`, () => {
    expect(schema.parse({ [key]: ID })).toEqual({ [key]: ID });
  });

  it.each([
    ['a malformed UUID', { [key]: '1d4b5c6e-7f80-4a91-b2c3' }],
    ['a plain word', { [key]: 'latest' }],
    ['a missing parameter', {}],
    ['an extra parameter', { [key]: ID, other_id: ID }],
  ])('refuses %s', (_, params) => {
    expect(schema.safeParse(params).success).toBe(false);
  });
});

describe('userPathSchema', () => {
  it.each(['user-42', 'partner:user@example.com', 'é'.repeat(255)])(
    'accepts the decoded external_user_id %j',
    (id) => {
      expect(userPathSchema.parse({ external_user_id: id })).toEqual({ external_user_id: id });
    },
  );

  it.each([
    ['an empty id', ''],
    ['256 characters', 'u'.repeat(256)],
    ['a control character', 'user\u0000'],
  ])('refuses %s', (_, id) => {
    expect(userPathSchema.safeParse({ external_user_id: id }).success).toBe(false);
  });
});
