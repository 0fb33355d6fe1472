import { describe, expect, it } from 'vitest';
import {
  clientMessageIdSchema,
  messageTextSchema,
  sendMessageRequestSchema,
} from './send-message-request.ts';

describe('clientMessageIdSchema', () => {
  it.each([
    ['a UUID', 'c7f1d2e3-0a4b-4c5d-8e6f-7a8b9c0d1e2f'],
    ['a single letter', 'a'],
    ['a single digit', '7'],
    ['every allowed punctuation', 'msg.1_a:b-c'],
    ['128 characters', `a${'-'.repeat(127)}`],
  ])('accepts %s', (_, id) => {
    expect(clientMessageIdSchema.parse(id)).toBe(id);
  });

  it.each([
    ['an empty string', ''],
    ['129 characters', 'a'.repeat(129)],
    ['a leading hyphen', '-abc'],
    ['a leading dot', '.abc'],
    ['a leading underscore', '_abc'],
    ['a space', 'msg 1'],
    ['a slash', 'msg/1'],
    ['a non-ASCII letter', 'mésage'],
    ['a trailing line feed', 'msg-1\n'],
    ['a number', 1],
  ])('refuses %s', (_, id) => {
    expect(clientMessageIdSchema.safeParse(id).success).toBe(false);
  });
});

describe('messageTextSchema', () => {
  it.each(['How do I renew my passport?', ' a ', '?', '\n\tx'])('accepts %j', (text) => {
    expect(messageTextSchema.parse(text)).toBe(text);
  });

  it.each(['', ' ', '\n\t \r\n', '\u00a0\u3000'])('refuses the blank message %j', (text) => {
    expect(messageTextSchema.safeParse(text).success).toBe(false);
  });
});

describe('sendMessageRequestSchema', () => {
  const minimal = { client_message_id: 'msg-1', message: 'How do I renew my passport?' };

  it.each([
    ['the two required fields', minimal],
    [
      'a full body',
      {
        ...minimal,
        location: {
          city: 'Lyon',
          commune: '69123',
          postal_code: '69001',
          region: 'Auvergne-Rhône-Alpes',
          country: 'FR',
          latitude: 45.764,
          longitude: 4.8357,
        },
        metadata: { platform: 'ios', app_version: '4.2.0' },
      },
    ],
    ['empty location and metadata', { ...minimal, location: {}, metadata: {} }],
  ])('accepts %s', (_, body) => {
    expect(sendMessageRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['no client_message_id', { message: 'Hello' }],
    ['no message', { client_message_id: 'msg-1' }],
    ['a blank message', { ...minimal, message: '   ' }],
    ['an invalid client_message_id', { ...minimal, client_message_id: 'msg 1' }],
    [
      'an unknown property',
      { ...minimal, conversation_id: '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35' },
    ],
    ['an unknown location key', { ...minimal, location: { city: 'Lyon', street: '1 rue X' } }],
    ['an unknown metadata key', { ...minimal, metadata: { platform: 'ios', device: 'iPhone' } }],
    ['a lowercase country', { ...minimal, location: { country: 'fr' } }],
    ['an unknown platform', { ...minimal, metadata: { platform: 'windows' } }],
    ['location as a string', { ...minimal, location: 'Lyon' }],
    ['metadata as an array', { ...minimal, metadata: [] }],
  ])('refuses %s', (_, body) => {
    expect(sendMessageRequestSchema.safeParse(body).success).toBe(false);
  });
});
