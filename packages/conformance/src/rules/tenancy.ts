import { tokenSchema } from '@partner-assistant/contract';
import type { ApiReply } from '../internal/api-client.ts';
import {
  describeStatus,
  expectPromisedBody,
  expectStatus,
  expectSuccess,
} from '../internal/expect-reply.ts';
import { RuleFailure } from '../internal/rule-outcome.ts';
import type { RunContext, TestUser } from '../internal/run-context.ts';
import { type EndedTurn, prepareEndedTurn } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

const NOT_SHOWN_ELSEWHERE =
  'A user can only see, rename or delete their own conversations. A resource outside the caller’s tenant and identity is reported as not found.';

/** Every way `stranger` could reach `owned`; each must be 404 and change nothing. */
async function expectInvisible(
  ctx: RunContext,
  owned: EndedTurn,
  stranger: TestUser,
): Promise<void> {
  const auth = { bearer: stranger.token };
  const conversation = `/conversations/${owned.conversationId}`;
  const attempts: ApiReply[] = [];
  for (const request of [
    { method: 'GET', path: `${conversation}/messages` },
    { method: 'GET', path: `/turns/${owned.turnId}` },
    { method: 'PATCH', path: conversation, json: { title: 'Not yours' } },
    { method: 'DELETE', path: `/turns/${owned.turnId}` },
    { method: 'DELETE', path: conversation },
  ] as const) {
    attempts.push(await ctx.api.send({ ...request, auth }));
  }
  const seen = attempts.filter((reply) => reply.status !== 404);
  if (seen.length > 0)
    throw new RuleFailure(
      `another user reached the conversation: ${seen.map((reply) => `${reply.request} answered ${describeStatus(reply)}`).join('; ')}`,
    );
  const still = await ctx.api.send({
    method: 'GET',
    path: `${conversation}/messages`,
    auth: { bearer: owned.user.token },
  });
  expectSuccess(still);
}

/** Isolation of users and of partners (tenants). */
export const tenancyRules = defineGroup('tenancy', [
  {
    name: 'other-user',
    title: 'Another user of the same application cannot reach a conversation',
    rule: NOT_SHOWN_ELSEWHERE,
    async check(ctx) {
      const owned = await prepareEndedTurn(ctx);
      await expectInvisible(ctx, owned, await ctx.newUser());
    },
  },
  {
    name: 'other-partner',
    needs: 'otherPartner',
    title: 'Another partner’s user with the same external id cannot reach it',
    rule: `Users are isolated per partner (tenant). ${NOT_SHOWN_ELSEWHERE}`,
    async check(ctx) {
      const owned = await prepareEndedTurn(ctx);
      const other = ctx.settings.otherPartner ?? owned.user.app;
      await expectInvisible(ctx, owned, await ctx.userFor(owned.user.externalUserId, other));
    },
  },
  {
    name: 'same-external-id-two-users',
    needs: 'otherPartner',
    title: 'One external id used by two partners is two users',
    rule: 'The same external user identifier used by two partners denotes two distinct users.',
    async check(ctx) {
      const externalUserId = ctx.newExternalUserId();
      const mine = expectPromisedBody(await ctx.requestToken(externalUserId), tokenSchema);
      const other = ctx.settings.otherPartner ?? ctx.settings.main;
      const theirs = expectPromisedBody(await ctx.requestToken(externalUserId, other), tokenSchema);
      if (mine.user.id === theirs.user.id)
        throw new RuleFailure('both partners got the same user.id for one external user id');
    },
  },
  {
    name: 'conversation-id-per-user',
    source: 'decision',
    title: 'A conversation id used by another user creates the caller’s own',
    rule: 'Decision (client-generated conversation ids): a `conversation_id` already used by *another* user creates a distinct conversation for the caller rather than a conflict.',
    async check(ctx) {
      const owned = await prepareEndedTurn(ctx);
      const stranger = await ctx.newUser();
      const reply = await ctx.api.send({
        method: 'POST',
        path: '/conversations',
        auth: { bearer: stranger.token },
        json: { conversation_id: owned.conversationId },
      });
      expectStatus(reply, 201);
      const history = await ctx.api.send({
        method: 'GET',
        path: `/conversations/${owned.conversationId}/messages`,
        auth: { bearer: stranger.token },
      });
      const messages = (history.body as { messages?: unknown[] } | undefined)?.messages;
      expectStatus(history, 200);
      if (messages?.length !== 0)
        throw new RuleFailure(
          `the caller’s new conversation shows ${messages?.length} messages of the other user`,
        );
    },
  },
]);
