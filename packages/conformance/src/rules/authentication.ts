import { expectError } from '../internal/expect-reply.ts';
import { prepareEndedTurn } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** Not a token this deployment issued: 32 random bytes, hex. */
function forgedToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

const UNAUTHORIZED = 'Missing, invalid, expired or revoked credentials produce 401 `unauthorized`.';

/** Application (Basic) and user (Bearer) authentication, and scopes. */
export const authenticationRules = defineGroup('authentication', [
  {
    name: 'basic-wrong-secret',
    title: 'A wrong client secret is 401',
    rule: UNAUTHORIZED,
    async check(ctx) {
      const { clientId, clientSecret } = ctx.settings.main;
      const reply = await ctx.api.send({
        method: 'POST',
        path: '/tokens',
        auth: { basic: { clientId, clientSecret: `${clientSecret}-wrong` } },
        json: { external_user_id: ctx.newExternalUserId() },
      });
      expectError(reply, 401, 'unauthorized');
    },
  },
  {
    name: 'basic-missing',
    title: 'Token issuance without credentials is 401',
    rule: UNAUTHORIZED,
    async check(ctx) {
      const reply = await ctx.api.send({
        method: 'POST',
        path: '/tokens',
        json: { external_user_id: ctx.newExternalUserId() },
      });
      expectError(reply, 401, 'unauthorized');
    },
  },
  {
    name: 'bearer-missing',
    title: 'A user operation without a token is 401',
    rule: UNAUTHORIZED,
    async check(ctx) {
      expectError(
        await ctx.api.send({ method: 'GET', path: '/capabilities' }),
        401,
        'unauthorized',
      );
    },
  },
  {
    name: 'bearer-invalid',
    title: 'A token the deployment never issued is 401',
    rule: UNAUTHORIZED,
    async check(ctx) {
      const reply = await ctx.api.send({
        method: 'POST',
        path: '/conversations',
        auth: { bearer: forgedToken() },
        json: {},
      });
      expectError(reply, 401, 'unauthorized');
    },
  },
  {
    name: 'erasure-needs-basic',
    title: 'User erasure refuses a user token',
    rule: 'DELETE /api/partners/v1/users/{external_user_id} — Authentication: HTTP Basic with application credentials, from the partner backend.',
    async check(ctx) {
      const user = await ctx.newUser();
      const reply = await ctx.eraseRequest(user.externalUserId, { auth: { bearer: user.token } });
      expectError(reply, 401, 'unauthorized');
    },
  },
  {
    name: 'chat-write-scope',
    needs: 'readOnly',
    title: 'Rename, delete conversation and delete turn need chat:write',
    rule: 'Scope `chat:write` is required for renaming a conversation, deleting a conversation and deleting a turn. A token that lacks a needed scope produces 403 `insufficient_scope`.',
    async check(ctx) {
      const ended = await prepareEndedTurn(ctx);
      const readOnly = await ctx.userFor(
        ended.user.externalUserId,
        ctx.settings.readOnly ?? ended.user.app,
      );
      const auth = { bearer: readOnly.token };
      const conversation = `/conversations/${ended.conversationId}`;
      for (const request of [
        { method: 'PATCH', path: conversation, json: { title: 'Renamed' } },
        { method: 'DELETE', path: conversation },
        { method: 'DELETE', path: `/turns/${ended.turnId}` },
      ] as const) {
        expectError(await ctx.api.send({ ...request, auth }), 403, 'insufficient_scope');
      }
    },
  },
]);
