import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApiErrorCode,
  ClientFrame,
  ErrorBody,
  ListMessagesQuery,
  Location,
  Message,
  Scope,
  SendMessageRequest,
  ServerEvent,
  ServerEventOf,
  Token,
  Turn,
  TurnEvent,
} from './index.ts';
import { listMessagesQuerySchema } from './index.ts';

describe('inferred types', () => {
  it('types turn and message statuses as closed unions', () => {
    expectTypeOf<Turn['status']>().toEqualTypeOf<'queued' | 'running' | 'completed' | 'failed'>();
    expectTypeOf<Message['status']>().toEqualTypeOf<'completed' | 'failed'>();
    expectTypeOf<Message['role']>().toEqualTypeOf<'user' | 'assistant'>();
    expectTypeOf<Turn['assistant_message']>().toEqualTypeOf<Message | null>();
  });

  it('narrows server events by type', () => {
    expectTypeOf<ServerEventOf<'assistant.delta'>['text']>().toEqualTypeOf<string>();
    expectTypeOf<ServerEventOf<'assistant.completed'>['message']>().toEqualTypeOf<Message>();
    expectTypeOf<ServerEventOf<'turn.snapshot'>['label']>().toEqualTypeOf<string | null>();
    expectTypeOf<ServerEventOf<'pong'>['id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<TurnEvent['seq']>().toEqualTypeOf<number>();
    expectTypeOf<Exclude<ServerEvent['type'], TurnEvent['type']>>().toEqualTypeOf<
      'pong' | 'frame.rejected'
    >();
  });

  it('makes the optional parts of requests optional', () => {
    expectTypeOf<SendMessageRequest>().toHaveProperty('location');
    expectTypeOf<SendMessageRequest['location']>().toEqualTypeOf<Location | undefined>();
    expectTypeOf<{ client_message_id: string; message: string }>().toExtend<SendMessageRequest>();
    expectTypeOf<{ message: string }>().not.toExtend<SendMessageRequest>();
    expectTypeOf<{ type: 'ping' }>().toExtend<ClientFrame>();
  });

  it('accepts query-string values on input and yields numbers on output', () => {
    expectTypeOf<{ limit: '5' }>().toExtend<ListMessagesQuery>();
    expectTypeOf(listMessagesQuerySchema.parse({})).toEqualTypeOf<{
      limit: number;
      offset: number;
    }>();
  });

  it('types token scopes and error codes', () => {
    expectTypeOf<Token['scopes']>().toEqualTypeOf<Scope[]>();
    expectTypeOf<Token['token_type']>().toEqualTypeOf<'Bearer'>();
    expectTypeOf<'not_found'>().toExtend<ErrorBody['code']>();
    expectTypeOf<'quota_paused'>().toExtend<ErrorBody['code']>();
    expectTypeOf<'not_found'>().toExtend<ApiErrorCode>();
    expectTypeOf<'quota_paused'>().not.toExtend<ApiErrorCode>();
  });
});

describe('ErrorBody', () => {
  it('keeps its known fields next to the open index signature', () => {
    expectTypeOf<ErrorBody['message']>().toEqualTypeOf<string>();
    expectTypeOf<ErrorBody['retryable']>().toEqualTypeOf<boolean>();
    expectTypeOf<ErrorBody['request_id']>().toEqualTypeOf<string>();
  });
});
