import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_REASONS,
  submitFeedbackRequestSchema,
  submitFeedbackResponseSchema,
} from './feedback.ts';

describe('submitFeedbackRequestSchema', () => {
  it.each(['up', 'down'])('accepts rating %s alone', (rating) => {
    expect(submitFeedbackRequestSchema.parse({ rating })).toEqual({ rating });
  });

  it.each(FEEDBACK_REASONS)('accepts reason %s', (reason) => {
    expect(submitFeedbackRequestSchema.safeParse({ rating: 'down', reason }).success).toBe(true);
  });

  it.each([
    ['a 2000-character comment', 'a'.repeat(2000)],
    ['a 2000-emoji comment', '👍'.repeat(2000)],
    ['an empty comment', ''],
  ])('accepts %s', (_, comment) => {
    expect(submitFeedbackRequestSchema.safeParse({ rating: 'up', comment }).success).toBe(true);
  });

  it.each([
    ['no rating', { reason: 'helpful' }],
    ['rating neutral', { rating: 'neutral' }],
    ['rating UP', { rating: 'UP' }],
    ['a numeric rating', { rating: 1 }],
    ['an unlisted reason', { rating: 'down', reason: 'too_long' }],
    ['a free-text reason', { rating: 'down', reason: 'The fee changed' }],
    ['a null reason', { rating: 'down', reason: null }],
    ['a 2001-character comment', { rating: 'down', comment: 'a'.repeat(2001) }],
    ['a 2001-emoji comment', { rating: 'down', comment: '👎'.repeat(2001) }],
    ['an unknown property', { rating: 'up', score: 5 }],
  ])('refuses %s', (_, body) => {
    expect(submitFeedbackRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('submitFeedbackResponseSchema', () => {
  const response = {
    success: true,
    feedback: {
      rating: 'down',
      reason: null,
      comment: null,
      message_id: '6f1c1b8e-3c2a-4e55-9d0e-2f8f0b7a9c11',
      updated_at: '2026-11-21T09:31:00.000Z',
    },
  };

  it('accepts the echoed feedback with null reason and comment', () => {
    expect(submitFeedbackResponseSchema.parse(response)).toEqual(response);
  });

  it('refuses the minimal response the specification shows: the server always sends every field', () => {
    expect(
      submitFeedbackResponseSchema.safeParse({ success: true, feedback: { rating: 'up' } }).success,
    ).toBe(false);
  });

  it.each([
    ['success false', { ...response, success: false }],
    ['no feedback', { success: true }],
    ['a feedback without rating', { success: true, feedback: { reason: 'helpful' } }],
    ['a malformed message_id', { success: true, feedback: { rating: 'up', message_id: 'msg-1' } }],
  ])('refuses %s', (_, body) => {
    expect(submitFeedbackResponseSchema.safeParse(body).success).toBe(false);
  });
});
