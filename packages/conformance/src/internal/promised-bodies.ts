import {
  errorBodySchema,
  errorEnvelopeSchema,
  feedbackSchema,
  messageSchema,
  receivedCreatedConversationSchema,
  receivedRenamedConversationSchema,
  receivedSubmitFeedbackResponseSchema,
  turnSummarySchema,
} from '@partner-assistant/contract';

/*
 * What the specification promises of each body the specification rules read, and nothing more.
 * The contract's exact schemas also require what our decisions add (`updated_at` on creation,
 * `has_more`, feedback's `reason`…), which a deployment that keeps the specification may leave
 * out; the rules that check those decisions use the exact schemas. Here:
 * - fields our decisions add are optional (the contract's tolerant `received*` schemas);
 * - a `status` is any string ("Complete list of status values for turns and messages: not shown");
 * - `cards`, `visualizations` and `suggested_actions` are arrays of objects when present
 *   ("Internal fields of the elements…: not shown");
 * - the error envelope has its four fields, `details` being ours.
 * UUIDs are read in either case (RFC 9562): `uuidSchema` accepts both.
 */

type Issue = { code: 'custom'; message: string; path: PropertyKey[] };

/** Adds an issue unless `status` is a string. */
function checkStatus(status: unknown, addIssue: (issue: Issue) => void): void {
  if (typeof status !== 'string')
    addIssue({ code: 'custom', message: 'expected a string', path: ['status'] });
}

const STRUCTURED_CONTENT = ['cards', 'visualizations', 'suggested_actions'] as const;

/** Conversation creation: `conversation_id`, `title`, `created_at`. */
export const promisedCreatedConversationSchema = receivedCreatedConversationSchema;

/** Rename: `conversation_id`, `title`, `updated_at`. */
export const promisedRenamedConversationSchema = receivedRenamedConversationSchema;

/** Feedback: `success` (true) and `feedback` (object with `rating`). */
export const promisedFeedbackResponseSchema = receivedSubmitFeedbackResponseSchema.extend({
  feedback: feedbackSchema.pick({ rating: true }),
});

/** A turn (message submission, `GET /turns/{turn_id}`): the five Turn fields. */
export const promisedTurnSchema = turnSummarySchema
  .omit({ status: true })
  .superRefine((turn, ctx) => checkStatus(turn.status, (issue) => ctx.addIssue(issue)));

const messageFields = messageSchema.omit({
  status: true,
  cards: true,
  visualizations: true,
  suggested_actions: true,
});

function refineMessage(message: Record<string, unknown>, addIssue: (issue: Issue) => void): void {
  checkStatus(message.status, addIssue);
  for (const field of STRUCTURED_CONTENT) {
    const value = message[field];
    const objects =
      Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null);
    if (value !== undefined && !objects)
      addIssue({ code: 'custom', message: 'expected an array of objects', path: [field] });
  }
}

/** A message of a history listing: the Message fields, `turn_id` included. */
export const promisedHistoryMessageSchema = messageFields.superRefine((message, ctx) =>
  refineMessage(message, (issue) => ctx.addIssue(issue)),
);

/** The message of `assistant.completed`: the Message fields (`turn_id` is promised in listings). */
export const promisedCompletedMessageSchema = messageFields
  .partial({ turn_id: true })
  .superRefine((message, ctx) => refineMessage(message, (issue) => ctx.addIssue(issue)));

/** The error envelope: `error.code`, `error.message`, `error.retryable`, `error.request_id`. */
export const promisedErrorEnvelopeSchema = errorEnvelopeSchema.extend({
  error: errorBodySchema.omit({ details: true }),
});
