import { expectTypeOf, test } from 'vitest';
import {
  type ApiPromise,
  type ApiResponse,
  type ApiResult,
  type Capabilities,
  type CreatedConversation,
  type DeleteConversationResponse,
  type DeleteTurnResponse,
  isPartnerApiError,
  type KeptQuestions,
  type Message,
  type MessagePage,
  type MessagePagePromise,
  type OutboxEntry,
  PartnerAssistantClient,
  type RenamedConversation,
  type RequestOptions,
  type SendMessageResponse,
  type SubmitFeedbackResponse,
  type Turn,
  type TurnStream,
  type TurnStreamStatus,
  type TurnSummary,
} from './index.ts';
import { createOutbox } from './outbox/index.ts';

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

test('what the specification does not promise is optional in the types', () => {
  type Sent = SendMessageResponse;
  expectTypeOf<Sent['client_message_id']>().toEqualTypeOf<string>(); // the one sent, if not echoed
  expectTypeOf<Sent['user_message_id']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<CreatedConversation['updated_at']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<SubmitFeedbackResponse['feedback']['message_id']>().toEqualTypeOf<
    string | undefined
  >();
  expectTypeOf<NonNullable<Turn['error']>['code']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<Message['turn_id']>().toEqualTypeOf<string>(); // promised in history listings
});

test('every REST method takes the same options last and returns an ApiPromise', () => {
  const options: RequestOptions = {
    signal: AbortSignal.timeout(5000),
    timeoutMs: 30_000,
    maxRetries: 0,
    headers: { 'X-Trace-Id': 'abc' },
  };
  expectTypeOf(client.capabilities.get(options)).toEqualTypeOf<ApiPromise<Capabilities>>();
  expectTypeOf(client.conversations.create({}, options)).toEqualTypeOf<
    ApiPromise<CreatedConversation>
  >();
  expectTypeOf(client.conversations.rename('id', { title: 't' }, options)).toEqualTypeOf<
    ApiPromise<RenamedConversation>
  >();
  expectTypeOf(client.conversations.delete('id', options)).toEqualTypeOf<
    ApiPromise<DeleteConversationResponse>
  >();
  expectTypeOf(client.messages.send('id', { message: 'x' }, options)).toEqualTypeOf<
    ApiPromise<SendMessageResponse>
  >();
  expectTypeOf(client.messages.list('id', {}, options)).toEqualTypeOf<MessagePagePromise>();
  expectTypeOf(client.turns.get('id', options)).toEqualTypeOf<ApiPromise<Turn>>();
  expectTypeOf(client.turns.wait('id', { ...options, pollIntervalMs: 100 })).toEqualTypeOf<
    ApiPromise<Turn>
  >();
  expectTypeOf(client.turns.delete('id', options)).toEqualTypeOf<ApiPromise<DeleteTurnResponse>>();
  expectTypeOf(client.feedback.submit('id', { rating: 'up' }, options)).toEqualTypeOf<
    ApiPromise<SubmitFeedbackResponse>
  >();
  // @ts-expect-error header values are strings
  client.capabilities.get({ headers: { 'X-Count': 1 } });
  // @ts-expect-error an unknown option
  client.capabilities.get({ retries: 1 });
});

test('an ApiPromise is a Promise of the body; withResponse() adds the answer', () => {
  const sent = client.messages.send('id', { message: 'x' });
  expectTypeOf(sent).toMatchTypeOf<Promise<TurnSummary>>();
  expectTypeOf(sent).resolves.toEqualTypeOf<SendMessageResponse>();
  expectTypeOf(sent.withResponse()).resolves.toEqualTypeOf<ApiResult<SendMessageResponse>>();
  expectTypeOf<ApiResult<TurnSummary>['data']>().toEqualTypeOf<TurnSummary>();
  expectTypeOf<ApiResponse>().toEqualTypeOf<{
    status: number;
    headers: Headers;
    requestId: string | undefined;
  }>();
  expectTypeOf(client.messages.list('id').withResponse()).resolves.toEqualTypeOf<
    ApiResult<MessagePage>
  >();
});

test('defaultHeaders is a client option of string values', () => {
  new PartnerAssistantClient({ baseUrl: 'https://x', token: 't', defaultHeaders: { 'X-A': 'b' } });
  // @ts-expect-error header values are strings
  new PartnerAssistantClient({ baseUrl: 'https://x', token: 't', defaultHeaders: { 'X-A': 1 } });
});

test('a turn stream tells each change of its status, with the reason it waits', () => {
  const stream = client.chat.send({ conversationId: 'id', message: 'Hello?' });
  expectTypeOf(stream.status).toEqualTypeOf<TurnStreamStatus>();
  expectTypeOf<'waiting'>().toMatchTypeOf<TurnStreamStatus>();
  stream.on('statechange', (status, reason) => {
    expectTypeOf(status).toEqualTypeOf<TurnStreamStatus>();
    expectTypeOf(reason).toEqualTypeOf<Error | undefined>();
  });
});

test('a turn stream is read by the app, never written: only the client that follows it changes it', () => {
  const stream = client.chat.send({ conversationId: 'id', message: 'Hello?' });
  expectTypeOf(stream.text).toBeString();
  expectTypeOf(stream.finalMessage).toBeFunction();
  expectTypeOf(stream).not.toHaveProperty('heard');
  expectTypeOf(stream).not.toHaveProperty('accepted');
  expectTypeOf(stream).not.toHaveProperty('moved');
  expectTypeOf(stream).not.toHaveProperty('labelled');
  expectTypeOf(stream).not.toHaveProperty('grew');
  expectTypeOf(stream).not.toHaveProperty('caughtUp');
  expectTypeOf(stream).not.toHaveProperty('completed');
  expectTypeOf(stream).not.toHaveProperty('fail');
  expectTypeOf(stream).not.toHaveProperty('recovered');
});

test('client.outbox is always there: pending, discard and its events, typed', () => {
  expectTypeOf(client.outbox.pending()).resolves.toEqualTypeOf<OutboxEntry[]>();
  expectTypeOf(client.outbox.discard('key')).resolves.toEqualTypeOf<boolean>();
  expectTypeOf(client.outbox.whenSent('key')).resolves.toEqualTypeOf<TurnStream>();
  client.outbox.on('sent', (entry, stream) => {
    expectTypeOf(entry.clientMessageId).toEqualTypeOf<string>();
    expectTypeOf(stream).toEqualTypeOf<TurnStream>();
  });
  client.outbox.on('failed', (_entry, error) => {
    expectTypeOf(error.code).toBeString();
  });
  const withOutbox = new PartnerAssistantClient({
    baseUrl: 'https://x',
    token: 't',
    outbox: createOutbox({ storage: globalThis.localStorage, namespace: 'user-1' }),
  });
  expectTypeOf(withOutbox.outbox).toEqualTypeOf<KeptQuestions>();
});
