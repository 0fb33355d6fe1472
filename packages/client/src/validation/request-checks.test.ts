import {
  createConversationRequestSchema,
  listMessagesQuerySchema,
  renameConversationRequestSchema,
  sendMessageRequestSchema,
  submitFeedbackRequestSchema,
  uuidSchema,
} from '@partner-assistant/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPartnerValidationError } from '../index.ts';
import {
  CREATE_CONVERSATION,
  LIST_MESSAGES,
  RENAME_CONVERSATION,
  SEND_MESSAGE,
  SUBMIT_FEEDBACK,
} from './input-rules.ts';
import { check } from './request-checks.ts';

/** True when `check` lets the input through. */
function passes(check: () => void): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (isPartnerValidationError(error)) return false;
    throw error;
  }
}

// Near the bounds the contract sets, plus anything at all.
const text = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.string({ minLength: 250, maxLength: 260, unit: 'grapheme' }),
  fc.constantFrom(
    ' ',
    '\t\n',
    '\u0000x',
    'a\u0007',
    '\uD800',
    'é'.repeat(255),
    '😀'.repeat(256),
    ' a ',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const id = fc.oneof(
  fc.uuid(),
  fc.constantFrom('not-a-uuid', '', '00000000-0000-0000-0000-000000000000'),
);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const runs = { numRuns: 600 };

describe('client-side checks judge as the contract schemas do', () => {
  it('conversations.create', () => {
    fc.assert(
      fc.property(optional(text), optional(id), (title, conversationId) => {
        const wire = createConversationRequestSchema.safeParse({
          title,
          conversation_id: conversationId,
        });
        expect(passes(() => check({}, CREATE_CONVERSATION, { title, conversationId }))).toBe(
          wire.success,
        );
      }),
      runs,
    );
  });

  it('conversations.rename', () => {
    fc.assert(
      fc.property(id, text, (conversationId, title) => {
        const wire =
          renameConversationRequestSchema.safeParse({ title }).success &&
          uuidSchema.safeParse(conversationId).success;
        expect(passes(() => check({ conversationId }, RENAME_CONVERSATION, { title }))).toBe(wire);
      }),
      runs,
    );
  });

  it('messages.send', () => {
    const location = fc.record(
      {
        city: text,
        postal_code: fc.string({ maxLength: 20 }),
        country: fc.constantFrom('FR', 'fr', 'FRA', ''),
        latitude: fc.double({ min: -100, max: 100 }),
        longitude: fc.oneof(fc.double({ min: -200, max: 200 }), fc.constant(Number.NaN)),
        street: fc.string(),
      },
      { requiredKeys: [] },
    );
    const metadata = fc.record(
      {
        platform: fc.constantFrom('ios', 'android', 'web', 'other', 'windows'),
        app_version: fc.string({ maxLength: 70 }),
        debug: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const key = fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9._:-]{0,130}$/), fc.string());
    fc.assert(
      fc.property(
        id,
        text,
        optional(location),
        optional(metadata),
        key,
        (conversationId, message, loc, meta, clientMessageId) => {
          const wire =
            uuidSchema.safeParse(conversationId).success &&
            sendMessageRequestSchema.safeParse({
              client_message_id: clientMessageId,
              message,
              location: loc,
              metadata: meta,
            }).success;
          expect(
            passes(() =>
              check({ conversationId }, SEND_MESSAGE, {
                message,
                location: loc,
                metadata: meta,
                clientMessageId,
              }),
            ),
          ).toBe(wire);
        },
      ),
      runs,
    );
  });

  it('messages.list', () => {
    const bound = fc.oneof(fc.integer({ min: -5, max: 110 }), fc.double(), fc.constant(2 ** 60));
    fc.assert(
      fc.property(optional(bound), optional(bound), (limit, offset) => {
        const wire = listMessagesQuerySchema.safeParse({ limit, offset }).success;
        expect(
          passes(() =>
            check(
              { conversationId: crypto.randomUUID() },
              LIST_MESSAGES,
              { limit, offset },
              'query',
            ),
          ),
        ).toBe(wire);
      }),
      runs,
    );
  });

  it('feedback.submit', () => {
    const rating = fc.constantFrom('up', 'down', 'sideways', undefined);
    const reason = optional(fc.constantFrom('helpful', 'outdated', 'other', 'meh'));
    const comment = optional(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('😀'.repeat(2000), 'x'.repeat(2001))),
    );
    fc.assert(
      fc.property(rating, reason, comment, (r, why, text) => {
        const wire = submitFeedbackRequestSchema.safeParse({
          rating: r,
          reason: why,
          comment: text,
        }).success;
        expect(
          passes(() =>
            check({ messageId: crypto.randomUUID() }, SUBMIT_FEEDBACK, {
              rating: r,
              reason: why,
              comment: text,
            }),
          ),
        ).toBe(wire);
      }),
      runs,
    );
  });
});

describe('validation errors', () => {
  it('list every problem at once, named by the SDK argument, without echoing values', () => {
    let error: unknown;
    try {
      check({ conversationId: 'nope' }, SEND_MESSAGE, {
        message: '   ',
        location: { city: '', street: 'x' },
        clientMessageId: '-bad',
        secret: 1,
      });
    } catch (caught) {
      error = caught;
    }
    expect(isPartnerValidationError(error)).toBe(true);
    const fields = (error as { issues: { field: string }[] }).issues.map((issue) => issue.field);
    expect(fields).toEqual([
      'conversationId',
      'secret',
      'message',
      'location.street',
      'location.city',
      'clientMessageId',
    ]);
    expect(String(error)).not.toContain('street: x');
  });
});
