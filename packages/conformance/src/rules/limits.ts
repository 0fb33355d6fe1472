import { capabilitiesSchema, HTTP_HEADERS } from '@partner-assistant/contract';
import type { ApiReply } from '../internal/api-client.ts';
import {
  expectBody,
  expectError,
  expectPromisedBody,
  expectSuccess,
} from '../internal/expect-reply.ts';
import { promisedRenamedConversationSchema } from '../internal/promised-bodies.ts';
import { check, RuleFailure, RuleSkip } from '../internal/rule-outcome.ts';
import { newConversation } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** The largest `requests_per_minute` the run exhausts on the limited application. */
const MAX_EXHAUSTED_RATE = 20;

/** Bounds of the Limits table, and the per-application limits. */
export const limitRules = defineGroup('limits', [
  {
    name: 'title-255',
    title: 'A title of exactly 255 characters is accepted',
    rule: 'Conversation title — 1 to 255 characters.',
    async check(ctx) {
      const { user, conversationId } = await newConversation(ctx);
      const title = 't'.repeat(255);
      const reply = await ctx.api.send({
        method: 'PATCH',
        path: `/conversations/${conversationId}`,
        auth: { bearer: user.token },
        json: { title },
      });
      check(
        expectPromisedBody(reply, promisedRenamedConversationSchema, 200).title === title,
        'the title came back changed',
      );
    },
  },
  {
    name: 'external-user-id-255',
    title: 'An external user id of exactly 255 characters is accepted',
    rule: 'external_user_id — At most 255 characters.',
    async check(ctx) {
      expectSuccess(await ctx.requestToken(ctx.newExternalUserId(ctx.settings.main, 255)));
    },
  },
  {
    name: 'rate',
    needs: 'limited',
    title: 'Exceeding requests_per_minute is 429 rate_limit_exceeded, retryable',
    rule: 'Exceeding the rate, concurrency or daily limit yields 429 `rate_limit_exceeded`. / error.retryable — Automatic retry is allowed only when true.',
    async check(ctx) {
      const app = ctx.settings.limited;
      if (!app) throw new RuleSkip('no limited application');
      // Erasing a user who has no data: valid, creates nothing, and counts against the rate (its
      // answer, a success or a 404, is not shown by the specification).
      let refused: ApiReply | undefined;
      for (let sent = 1; sent <= MAX_EXHAUSTED_RATE + 2 && !refused; sent++) {
        const reply = await ctx.eraseRequest(`${ctx.runPrefix}-nobody`, {
          auth: { basic: app },
          unpaced: true,
          retryRateLimit: false,
        });
        if (reply.status === 429) refused = reply;
        else if (reply.status !== 404) expectSuccess(reply);
      }
      if (!refused)
        throw new RuleFailure(
          `${MAX_EXHAUSTED_RATE + 2} requests within a minute were all accepted (the limited application must allow ${MAX_EXHAUSTED_RATE} at most)`,
        );
      expectError(refused, 429, 'rate_limit_exceeded');
      const retryable = (refused.body as { error?: { retryable?: unknown } }).error?.retryable;
      check(retryable === true, `error.retryable is ${String(retryable)} on 429`);
    },
  },
  {
    name: 'rate-headers',
    source: 'decision',
    title: 'Authenticated answers carry RateLimit-Limit, -Remaining and -Reset',
    rule: 'Decision (rate-limit and wait-time response headers): every authenticated response carries `RateLimit-Limit` (requests per minute), `RateLimit-Remaining` and `RateLimit-Reset`.',
    async check(ctx) {
      const user = await ctx.newUser();
      const reply = await ctx.api.send({
        method: 'GET',
        path: '/capabilities',
        auth: { bearer: user.token },
      });
      const body = expectBody(reply, [200], capabilitiesSchema);
      const header = (name: string) => reply.headers.get(name);
      check(
        header(HTTP_HEADERS.rateLimitLimit) === String(body.limits.requests_per_minute),
        `${HTTP_HEADERS.rateLimitLimit} is ${header(HTTP_HEADERS.rateLimitLimit) ?? 'absent'}, limits say ${body.limits.requests_per_minute}`,
      );
      for (const name of [HTTP_HEADERS.rateLimitRemaining, HTTP_HEADERS.rateLimitReset])
        check(/^\d+$/.test(header(name) ?? ''), `${name} is ${header(name) ?? 'absent'}`);
    },
  },
]);
