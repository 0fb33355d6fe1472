import { tokenSchema } from '@partner-assistant/contract';
import { expectError, expectPromisedBody, expectStatus } from '../internal/expect-reply.ts';
import { check } from '../internal/rule-outcome.ts';
import { defineGroup } from './rule.ts';

/** Clock difference tolerated between the deployment and this machine. */
const CLOCK_SKEW_MS = 120_000;

/** Token issuance: `POST /tokens` with the application credentials. */
export const tokenRules = defineGroup('tokens', [
  {
    name: 'issue',
    title: 'Token issuance returns the Token object',
    rule: 'POST /api/partners/v1/tokens — Response: Token object (access_token, token_type always `Bearer`, expires_in, expires_at, scopes, user.id).',
    async check(ctx) {
      const token = expectPromisedBody(
        await ctx.requestToken(ctx.newExternalUserId()),
        tokenSchema,
      );
      check(token.token_type === 'Bearer', `token_type is ${token.token_type}, expected Bearer`);
    },
  },
  {
    name: 'lifetime',
    title: 'expires_at is expires_in seconds from now',
    rule: 'It is short-lived; its lifetime is given by `expires_in` (seconds) and `expires_at`.',
    async check(ctx) {
      const before = Date.now();
      const token = expectPromisedBody(
        await ctx.requestToken(ctx.newExternalUserId()),
        tokenSchema,
      );
      const expected = before + token.expires_in * 1000;
      const drift = Math.abs(Date.parse(token.expires_at) - expected);
      check(token.expires_in > 0, `expires_in is ${token.expires_in}`);
      check(
        drift <= CLOCK_SKEW_MS,
        `expires_at is ${Math.round(drift / 1000)} s away from now + expires_in`,
      );
    },
  },
  {
    name: 'stable-identity',
    title: 'The same external user maps to the same user',
    rule: 'Effect: creates or maps the external identity inside the calling partner’s tenant and issues a short-lived user token.',
    async check(ctx) {
      const externalUserId = ctx.newExternalUserId();
      const first = expectPromisedBody(await ctx.requestToken(externalUserId), tokenSchema);
      const second = expectPromisedBody(await ctx.requestToken(externalUserId), tokenSchema);
      check(
        first.user.id === second.user.id,
        'two tokens for the same external user name two users',
      );
      check(
        first.access_token !== second.access_token,
        'the second issuance returned the same token',
      );
    },
  },
  {
    name: 'external-user-id-length',
    title: 'An external user id over 255 characters is refused',
    rule: 'external_user_id — Stable, opaque, at most 255 characters. / 422 invalid_request — Invalid parameter or payload.',
    async check(ctx) {
      expectError(await ctx.requestToken('u'.repeat(256)), 422, 'invalid_request');
    },
  },
  {
    name: 'status-200',
    source: 'decision',
    title: 'Token issuance answers 200',
    rule: 'Decision (success status code of every endpoint): `POST /tokens` — 200 (as an OAuth token endpoint).',
    async check(ctx) {
      expectStatus(await ctx.requestToken(ctx.newExternalUserId()), 200);
    },
  },
]);
