import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from './error-envelope.ts';

const body = {
  code: 'not_found',
  message: 'Conversation not found',
  retryable: false,
  request_id: '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
};

describe('errorEnvelopeSchema', () => {
  it.each([
    ['a plain error', { error: body }],
    [
      'invalid_request with details',
      {
        error: {
          ...body,
          code: 'invalid_request',
          details: [{ path: 'body.title', message: 'Must be at most 255 characters' }],
        },
      },
    ],
    [
      'a code added by a later version',
      { error: { ...body, code: 'quota_paused', retryable: true } },
    ],
    [
      'extra fields at both levels',
      { error: { ...body, doc_url: 'https://example.org' }, trace: 'x' },
    ],
  ])('accepts %s unchanged', (_, envelope) => {
    expect(errorEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });

  it.each(['code', 'message', 'retryable', 'request_id'])(
    'refuses an error without %s',
    (field) => {
      const { [field as keyof typeof body]: _, ...rest } = body;
      expect(errorEnvelopeSchema.safeParse({ error: rest }).success).toBe(false);
    },
  );

  it.each([
    ['a request_id that is not a UUID', { error: { ...body, request_id: 'req_123' } }],
    ['retryable as a string', { error: { ...body, retryable: 'false' } }],
    ['a bare error body without envelope', body],
    ['an error given as a string', { error: 'not_found' }],
    ['details without path', { error: { ...body, details: [{ message: 'x' }] } }],
  ])('refuses %s', (_, envelope) => {
    expect(errorEnvelopeSchema.safeParse(envelope).success).toBe(false);
  });
});
