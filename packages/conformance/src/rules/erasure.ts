import { eraseUserResponseSchema } from '@partner-assistant/contract';
import { expectBody, expectError, expectPromisedBody } from '../internal/expect-reply.ts';
import { check } from '../internal/rule-outcome.ts';
import type { RunContext } from '../internal/run-context.ts';
import { prepareEndedTurn } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** `DELETE /users/{external_user_id}` with the main application's credentials. */
async function erase(ctx: RunContext, externalUserId: string) {
  const reply = await ctx.eraseRequest(externalUserId);
  if (reply.status >= 200 && reply.status < 300) ctx.markErased(externalUserId);
  return reply;
}

/** Erasing a user's data. */
export const erasureRules = defineGroup('erasure', [
  {
    name: 'erase',
    title: 'Erasure deletes the user’s conversations',
    rule: 'DELETE /api/partners/v1/users/{external_user_id} — Effect: deletes the conversations and all service data linked to that external identity within the partner’s tenant. Response: `deleted` (boolean, true).',
    async check(ctx) {
      const ended = await prepareEndedTurn(ctx);
      const erased = expectPromisedBody(
        await erase(ctx, ended.user.externalUserId),
        eraseUserResponseSchema,
      );
      check(erased.deleted === true, 'deleted is not true');
      const again = await ctx.userFor(ended.user.externalUserId, ctx.settings.main);
      const reply = await ctx.api.send({
        method: 'GET',
        path: `/conversations/${ended.conversationId}/messages`,
        auth: { bearer: again.token },
      });
      expectError(reply, 404, 'not_found');
      const turn = await ctx.api.send({
        method: 'GET',
        path: `/turns/${ended.turnId}`,
        auth: { bearer: again.token },
      });
      expectError(turn, 404, 'not_found');
    },
  },
  {
    name: 'revokes-tokens',
    source: 'decision',
    title: 'Erasing a user revokes their tokens',
    rule: 'Decision (other input decisions): erasing a user revokes all of that user’s tokens at once.',
    async check(ctx) {
      const user = await ctx.newUser();
      expectBody(await erase(ctx, user.externalUserId), [200], eraseUserResponseSchema);
      const reply = await ctx.api.send({
        method: 'GET',
        path: '/capabilities',
        auth: { bearer: user.token },
      });
      expectError(reply, 401, 'unauthorized');
    },
  },
  {
    name: 'unknown-user',
    source: 'decision',
    title: 'Erasing a user without data answers 200',
    rule: 'Decision (success status code of every endpoint): `DELETE /users/{external_user_id}` — 200, also when the user had no data (idempotent, safe to retry, reveals nothing).',
    async check(ctx) {
      expectBody(await erase(ctx, ctx.newExternalUserId()), [200], eraseUserResponseSchema);
    },
  },
]);
