import { submitFeedbackResponseSchema } from '@partner-assistant/contract';
import { expectBody, expectError, expectPromisedBody } from '../internal/expect-reply.ts';
import { promisedFeedbackResponseSchema } from '../internal/promised-bodies.ts';
import { check } from '../internal/rule-outcome.ts';
import type { RunContext } from '../internal/run-context.ts';
import { assistantMessageOf, sharedEndedTurn } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** `POST /messages/{id}/feedback` on the shared turn's answer (or on `messageId`). */
async function feedback(ctx: RunContext, json: unknown, messageId?: string) {
  const ended = await sharedEndedTurn(ctx);
  const id = messageId ?? String(assistantMessageOf(ended).message_id);
  return ctx.api.send({
    method: 'POST',
    path: `/messages/${id}/feedback`,
    auth: { bearer: ended.user.token },
    json,
  });
}

/** Rating assistant messages. */
export const feedbackRules = defineGroup('feedback', [
  {
    name: 'submit',
    title: 'A rating is recorded: success and the rating echoed',
    rule: 'Records a positive or negative rating on an assistant message. Response: `success` (boolean, true) and `feedback` (object with `rating`).',
    async check(ctx) {
      const body = expectPromisedBody(
        await feedback(ctx, { rating: 'up' }),
        promisedFeedbackResponseSchema,
      );
      check(
        body.success === true && body.feedback.rating === 'up',
        'the answer does not echo rating up',
      );
    },
  },
  {
    name: 'replace',
    title: 'A new rating of the same message replaces the previous one',
    rule: 'One feedback per assistant message: a new submission for the same message replaces the previous one.',
    async check(ctx) {
      await feedback(ctx, { rating: 'up' });
      const body = expectPromisedBody(
        await feedback(ctx, { rating: 'down', comment: 'Out of date' }),
        promisedFeedbackResponseSchema,
      );
      check(
        body.feedback.rating === 'down',
        `the second submission answered rating ${body.feedback.rating}`,
      );
    },
  },
  {
    name: 'invalid-rating',
    title: 'A rating other than up or down is 422',
    rule: '`rating` — required, `up` or `down`.',
    async check(ctx) {
      expectError(await feedback(ctx, { rating: 'meh' }), 422, 'invalid_request');
    },
  },
  {
    name: 'comment-length',
    title: 'A comment over 2000 characters is 422',
    rule: '`comment` — Maximum 2000 characters.',
    async check(ctx) {
      expectError(
        await feedback(ctx, { rating: 'up', comment: 'c'.repeat(2001) }),
        422,
        'invalid_request',
      );
      expectPromisedBody(
        await feedback(ctx, { rating: 'up', comment: 'c'.repeat(2000) }),
        promisedFeedbackResponseSchema,
      );
    },
  },
  {
    name: 'unknown-message',
    title: 'Feedback on a message that does not exist is 404',
    rule: '404 not_found — Resource absent in this tenant and identity.',
    async check(ctx) {
      expectError(await feedback(ctx, { rating: 'up' }, crypto.randomUUID()), 404, 'not_found');
    },
  },
  {
    name: 'reasons',
    source: 'decision',
    title: 'reason takes the recorded values; a user message cannot be rated',
    rule: 'Decision (allowed feedback `reason` values): `helpful`, `inaccurate`, `incomplete`, `outdated`, `not_relevant`, `unclear`, `inappropriate`, `other`. Rating a user message is `422 invalid_request`.',
    async check(ctx) {
      expectBody(
        await feedback(ctx, { rating: 'down', reason: 'outdated' }),
        [200],
        submitFeedbackResponseSchema,
      );
      expectError(
        await feedback(ctx, { rating: 'down', reason: 'boring' }),
        422,
        'invalid_request',
      );
      const ended = await sharedEndedTurn(ctx);
      const userMessage = ended.messages.find((message) => message.role === 'user');
      expectError(
        await feedback(ctx, { rating: 'up' }, String(userMessage?.message_id)),
        422,
        'invalid_request',
      );
    },
  },
]);
