import { z } from 'zod';
import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { FEEDBACK_REASONS, RATINGS } from '../constants/request-values.ts';
import { boundedText } from '../primitives/bounded-text.ts';
import { timestampSchema } from '../primitives/timestamp.ts';
import { uuidSchema } from '../primitives/uuid.ts';

/** A rating of an assistant message. */
export const ratingSchema = z.enum(RATINGS).meta({ id: 'Rating' });

/** Short category of a feedback. */
export const feedbackReasonSchema = z.enum(FEEDBACK_REASONS).meta({ id: 'FeedbackReason' });

/** Request body of feedback submission. A new submission replaces the previous one. */
export const submitFeedbackRequestSchema = z
  .strictObject({
    rating: ratingSchema,
    reason: feedbackReasonSchema.optional(),
    comment: boundedText({ max: FIELD_LIMITS.feedbackCommentMaxLength }).optional(),
  })
  .meta({
    id: 'SubmitFeedbackRequest',
    examples: [{ rating: 'down', reason: 'outdated', comment: 'The fee changed in 2026.' }],
  });

/** Feedback as stored. */
export const feedbackSchema = z
  .looseObject({
    rating: ratingSchema,
    reason: feedbackReasonSchema.nullable().meta({ description: 'Null when none was given.' }),
    comment: z.string().nullable().meta({ description: 'Null when none was given.' }),
    message_id: uuidSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Feedback' });

/** Response of feedback submission. */
export const submitFeedbackResponseSchema = z
  .looseObject({ success: z.literal(true), feedback: feedbackSchema })
  .meta({ id: 'SubmitFeedbackResponse' });

/** A rating of an assistant message. */
export type Rating = z.infer<typeof ratingSchema>;
/** Short category of a feedback. */
export type FeedbackReason = z.infer<typeof feedbackReasonSchema>;
/** Request body of feedback submission. */
export type SubmitFeedbackRequest = z.input<typeof submitFeedbackRequestSchema>;
/** Feedback as stored. */
export type Feedback = z.infer<typeof feedbackSchema>;
/** Response of feedback submission. */
export type SubmitFeedbackResponse = z.infer<typeof submitFeedbackResponseSchema>;

export { FEEDBACK_REASONS };
