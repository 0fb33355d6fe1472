import { describe, expect, it } from 'vitest';
import { clientFrameSchema } from './client-frames.ts';

const CONVERSATION_ID = '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35';
const TURN_ID = '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9';
const userMessage = {
  type: 'user.message',
  conversation_id: CONVERSATION_ID,
  client_message_id: 'c7f1d2e3-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
  message: 'How do I renew my passport?',
};

describe('clientFrameSchema', () => {
  it.each([
    ['user.message', userMessage],
    ['user.message with a location', { ...userMessage, location: { city: 'Lyon', country: 'FR' } }],
    ['ping', { type: 'ping' }],
    ['ping with an id', { type: 'ping', id: 'p-17' }],
    ['ping with a 128-character id', { type: 'ping', id: 'p'.repeat(128) }],
    ['turn.subscribe', { type: 'turn.subscribe', turn_id: TURN_ID }],
  ])('accepts %s', (_, frame) => {
    expect(clientFrameSchema.parse(frame)).toEqual(frame);
  });

  it.each([
    ['an unknown type', { type: 'user.typing', conversation_id: CONVERSATION_ID }],
    ['a pong sent by the client', { type: 'pong' }],
    ['no type', { turn_id: TURN_ID }],
    ['user.message without conversation_id', { ...userMessage, conversation_id: undefined }],
    ['user.message with a malformed conversation_id', { ...userMessage, conversation_id: 'c-1' }],
    ['user.message without client_message_id', { ...userMessage, client_message_id: undefined }],
    ['user.message with an invalid client_message_id', { ...userMessage, client_message_id: '-x' }],
    ['user.message with a blank message', { ...userMessage, message: ' \n ' }],
    ['user.message with an unknown metadata key', { ...userMessage, metadata: { os: 'ios' } }],
    ['user.message with an unknown location key', { ...userMessage, location: { street: 'x' } }],
    ['user.message with an unknown property', { ...userMessage, token: 'secret' }],
    ['ping with a 129-character id', { type: 'ping', id: 'p'.repeat(129) }],
    ['ping with a numeric id', { type: 'ping', id: 7 }],
    ['ping with an unknown property', { type: 'ping', at: 1 }],
    ['turn.subscribe without turn_id', { type: 'turn.subscribe' }],
    ['turn.subscribe with a malformed turn_id', { type: 'turn.subscribe', turn_id: 'latest' }],
    [
      'turn.subscribe with an unknown property',
      { type: 'turn.subscribe', turn_id: TURN_ID, seq: 3 },
    ],
  ])('refuses %s', (_, frame) => {
    expect(clientFrameSchema.safeParse(frame).success).toBe(false);
  });
});

describe('user.message metadata', () => {
  it('is accepted, as in a REST submission', () => {
    const frame = {
      type: 'user.message',
      conversation_id: CONVERSATION_ID,
      client_message_id: 'k-1',
      message: 'Hello?',
      metadata: { platform: 'ios', app_version: '4.2.0' },
    };
    expect(clientFrameSchema.safeParse(frame).success).toBe(true);
  });
});
