import type { Message, Turn } from '@partner-assistant/contract';
import { expectTypeOf, test } from 'vitest';
import { isPartnerApiError, type MessagePage, PartnerAssistantClient } from './index.ts';

declare const client: PartnerAssistantClient;

test('isPartnerApiError narrows code', () => {
  const error: unknown = undefined;
  if (isPartnerApiError(error, 'rate_limit_exceeded')) {
    expectTypeOf(error.code).toEqualTypeOf<'rate_limit_exceeded'>();
    expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();
  }
  // @ts-expect-error not an API error code
  isPartnerApiError(error, 'no_such_code');
});

test('resources return the contract types', () => {
  expectTypeOf(client.turns.wait('id')).resolves.toEqualTypeOf<Turn>();
  expectTypeOf<Awaited<ReturnType<typeof client.messages.list>>>().toEqualTypeOf<MessagePage>();
  expectTypeOf(client.messages.list('id')).toMatchTypeOf<AsyncIterable<Message>>();
  expectTypeOf(client.messages.send('id', { message: 'x' })).resolves.toHaveProperty('turn_id');
});

test('the token option takes a string or a provider of the backend Token', () => {
  new PartnerAssistantClient({ baseUrl: 'https://x', token: 'pat_x' });
  new PartnerAssistantClient({
    baseUrl: 'https://x',
    token: async () => ({
      access_token: 'a',
      expires_at: '2026-01-01T00:00:00Z',
      token_type: 'Bearer',
    }),
  });
  // @ts-expect-error inputs are camelCase
  client.conversations.create({ conversation_id: 'x' });
});
