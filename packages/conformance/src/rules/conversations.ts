import { createdConversationSchema } from '@partner-assistant/contract';
import { expectBody, expectPromisedBody, expectStatus } from '../internal/expect-reply.ts';
import { sameId } from '../internal/ids.ts';
import { promisedCreatedConversationSchema } from '../internal/promised-bodies.ts';
import { check } from '../internal/rule-outcome.ts';
import { acceptedTurn, letTurnEnd, postConversation } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** Creating and resuming conversations. */
export const conversationRules = defineGroup('conversations', [
  {
    name: 'create',
    title: 'Creation returns conversation_id, title and created_at',
    rule: 'POST /api/partners/v1/conversations — Response: `conversation_id`, `title`, `created_at`.',
    async check(ctx) {
      const reply = await postConversation(ctx, { json: { title: 'Passport renewal' } });
      const created = expectPromisedBody(reply, promisedCreatedConversationSchema);
      check(
        created.title === 'Passport renewal',
        `title came back as ${JSON.stringify(created.title)}`,
      );
    },
  },
  {
    name: 'resume',
    title: 'Sending an existing conversation_id again resumes it',
    rule: 'When a `conversation_id` that already exists for the caller is sent again, the same conversation is returned and no duplicate is created.',
    async check(ctx) {
      const user = await ctx.newUser();
      const conversationId = crypto.randomUUID();
      const json = { conversation_id: conversationId };
      const auth = { bearer: user.token };
      const first = expectPromisedBody(
        await ctx.api.send({ method: 'POST', path: '/conversations', auth, json }),
        promisedCreatedConversationSchema,
      );
      await letTurnEnd(ctx, user, await acceptedTurn(ctx, user, conversationId));
      const again = expectPromisedBody(
        await ctx.api.send({ method: 'POST', path: '/conversations', auth, json }),
        promisedCreatedConversationSchema,
      );
      check(
        sameId(first.conversation_id, conversationId),
        'the client-generated conversation_id was not kept',
      );
      check(
        sameId(again.conversation_id, conversationId),
        'resuming returned another conversation',
      );
      check(
        Date.parse(again.created_at) === Date.parse(first.created_at),
        'resuming changed created_at: a new conversation?',
      );
      const history = await ctx.api.send({
        method: 'GET',
        path: `/conversations/${conversationId}/messages`,
        auth,
      });
      const messages = (history.body as { messages?: unknown[] } | undefined)?.messages ?? [];
      check(
        messages.length >= 1,
        'the resumed conversation lost its message: a duplicate replaced it',
      );
    },
  },
  {
    name: 'status-codes',
    source: 'decision',
    title: '201 when created, 200 when resumed',
    rule: 'Decision (success status code of every endpoint): `POST /conversations` — 201 when created, 200 when an existing `conversation_id` is resumed.',
    async check(ctx) {
      const user = await ctx.newUser();
      const json = { conversation_id: crypto.randomUUID() };
      const auth = { bearer: user.token };
      expectStatus(await ctx.api.send({ method: 'POST', path: '/conversations', auth, json }), 201);
      expectStatus(await ctx.api.send({ method: 'POST', path: '/conversations', auth, json }), 200);
    },
  },
  {
    name: 'untitled-null',
    source: 'decision',
    title: 'A conversation created without a title has title null',
    rule: 'Decision (title normalization): a conversation created without a title has `title: null` until renamed.',
    async check(ctx) {
      const reply = await postConversation(ctx, { json: {} });
      const created = expectBody(reply, [201], createdConversationSchema);
      check(created.title === null, `title is ${JSON.stringify(created.title)}, expected null`);
    },
  },
]);
