import { deleteConversationResponseSchema } from '@partner-assistant/contract';
import { expectError, expectPromisedBody, expectSuccess } from '../internal/expect-reply.ts';
import { sameId } from '../internal/ids.ts';
import { check } from '../internal/rule-outcome.ts';
import {
  acceptedTurn,
  letTurnEnd,
  newConversation,
  prepareEndedTurn,
} from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** Deleting a conversation. */
export const deleteRules = defineGroup('delete', [
  {
    name: 'delete',
    title: 'Deletion answers deleted: true, and the conversation is gone',
    rule: 'DELETE /api/partners/v1/conversations/{conversation_id} — Deletes the conversation and its messages permanently. Response: `deleted` (boolean, true), `conversation_id`.',
    async check(ctx) {
      const { user, conversationId } = await newConversation(ctx);
      const auth = { bearer: user.token };
      const path = `/conversations/${conversationId}`;
      const deleted = expectPromisedBody(
        await ctx.api.send({ method: 'DELETE', path, auth }),
        deleteConversationResponseSchema,
      );
      check(
        deleted.deleted === true && sameId(deleted.conversation_id, conversationId),
        'the body does not name the deleted conversation',
      );
      expectError(
        await ctx.api.send({ method: 'GET', path: `${path}/messages`, auth }),
        404,
        'not_found',
      );
    },
  },
  {
    name: 'turn-in-progress',
    title: 'A conversation with a queued or running turn cannot be deleted (409)',
    rule: 'When the conversation has a turn in `queued` or `running`, the response is 409 `turn_in_progress` and nothing is deleted.',
    async check(ctx) {
      const { user, conversationId } = await newConversation(ctx);
      const turnId = await acceptedTurn(ctx, user, conversationId);
      const auth = { bearer: user.token };
      const path = `/conversations/${conversationId}`;
      expectError(await ctx.api.send({ method: 'DELETE', path, auth }), 409, 'turn_in_progress');
      expectSuccess(await ctx.api.send({ method: 'GET', path: `${path}/messages`, auth }));
      await letTurnEnd(ctx, user, turnId);
    },
  },
  {
    name: 'after-turn-ends',
    title: 'Once the turn has ended, the conversation can be deleted',
    rule: '`assistant.completed` and `assistant.error` end the processing of a turn, after which deletion of the turn or conversation is possible.',
    async check(ctx) {
      const ended = await prepareEndedTurn(ctx);
      const reply = await ctx.api.send({
        method: 'DELETE',
        path: `/conversations/${ended.conversationId}`,
        auth: { bearer: ended.user.token },
      });
      expectSuccess(reply);
    },
  },
  {
    name: 'unknown-conversation',
    title: 'Deleting a conversation that does not exist is 404',
    rule: '404 not_found — Resource absent in this tenant and identity.',
    async check(ctx) {
      const user = await ctx.newUser();
      const reply = await ctx.api.send({
        method: 'DELETE',
        path: `/conversations/${crypto.randomUUID()}`,
        auth: { bearer: user.token },
      });
      expectError(reply, 404, 'not_found');
    },
  },
]);
