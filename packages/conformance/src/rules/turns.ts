import { deleteTurnResponseSchema, turnSchema } from '@partner-assistant/contract';
import {
  expectError,
  expectPromisedBody,
  expectShape,
  expectSuccess,
} from '../internal/expect-reply.ts';
import { sameId } from '../internal/ids.ts';
import { promisedTurnSchema } from '../internal/promised-bodies.ts';
import { check } from '../internal/rule-outcome.ts';
import {
  acceptedTurn,
  assistantMessageOf,
  letTurnEnd,
  newConversation,
  prepareEndedTurn,
  sharedEndedTurn,
} from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** Reading and deleting turns. */
export const turnRules = defineGroup('turns', [
  {
    name: 'get',
    title: 'GET /turns/{turn_id} returns the Turn fields',
    rule: 'Returns the turn so that a client can obtain the result after REST submission or after a WebSocket disconnection. Turn: `turn_id`, `conversation_id`, `status`, `created_at`, `updated_at`.',
    async check(ctx) {
      const ended = await sharedEndedTurn(ctx);
      const reply = await ctx.api.send({
        method: 'GET',
        path: `/turns/${ended.turnId}`,
        auth: { bearer: ended.user.token },
      });
      const turn = expectPromisedBody(reply, promisedTurnSchema);
      check(
        sameId(turn.turn_id, ended.turnId) && sameId(turn.conversation_id, ended.conversationId),
        'the turn names other ids',
      );
    },
  },
  {
    name: 'result',
    source: 'decision',
    title: 'An ended turn is completed or failed and carries its assistant message',
    rule: 'Decision (status values; fields of a turn beyond the five): `queued` → `running` → `completed` | `failed`; `assistant_message` is set once the turn has ended.',
    async check(ctx) {
      const ended = await sharedEndedTurn(ctx);
      const turn = expectShape(ended.turn, turnSchema, 'the ended turn');
      check(
        turn.status === 'completed' || turn.status === 'failed',
        `the turn ended as ${turn.status}`,
      );
      check(
        sameId(turn.assistant_message?.message_id, assistantMessageOf(ended).message_id),
        'assistant_message is not the answer in the history',
      );
    },
  },
  {
    name: 'turn-in-progress',
    title: 'A queued or running turn cannot be deleted (409)',
    rule: 'DELETE /api/partners/v1/turns/{turn_id} — Rule: 409 `turn_in_progress` while the turn is `queued` or `running`.',
    async check(ctx) {
      const { user, conversationId } = await newConversation(ctx);
      const turnId = await acceptedTurn(ctx, user, conversationId);
      const reply = await ctx.api.send({
        method: 'DELETE',
        path: `/turns/${turnId}`,
        auth: { bearer: user.token },
      });
      await letTurnEnd(ctx, user, turnId);
      expectError(reply, 409, 'turn_in_progress');
    },
  },
  {
    name: 'delete',
    title: 'Deleting an ended turn removes both its messages from the history',
    rule: 'Response: `deleted` (boolean, true), `turn_id`, `conversation_id`, `user_message_id`, `assistant_message_id`. Effect: both messages leave the history.',
    async check(ctx) {
      const ended = await prepareEndedTurn(ctx);
      const auth = { bearer: ended.user.token };
      const reply = await ctx.api.send({ method: 'DELETE', path: `/turns/${ended.turnId}`, auth });
      const deleted = expectPromisedBody(reply, deleteTurnResponseSchema);
      check(
        deleted.deleted === true && sameId(deleted.turn_id, ended.turnId),
        'the body does not name the deleted turn',
      );
      check(
        sameId(deleted.assistant_message_id, assistantMessageOf(ended).message_id),
        'assistant_message_id is not the turn’s answer',
      );
      const history = await ctx.api.send({
        method: 'GET',
        path: `/conversations/${ended.conversationId}/messages`,
        auth,
      });
      expectSuccess(history);
      const left = (history.body as { messages?: unknown[] } | undefined)?.messages ?? [];
      check(left.length === 0, `${left.length} messages are still in the history`);
    },
  },
  {
    name: 'unknown-turn',
    title: 'A turn that does not exist is 404',
    rule: '404 not_found — Resource absent in this tenant and identity.',
    async check(ctx) {
      const user = await ctx.newUser();
      const reply = await ctx.api.send({
        method: 'GET',
        path: `/turns/${crypto.randomUUID()}`,
        auth: { bearer: user.token },
      });
      expectError(reply, 404, 'not_found');
    },
  },
]);
