import {
  describeStatus,
  expectError,
  expectPromised,
  expectSuccess,
} from '../internal/expect-reply.ts';
import { sameId } from '../internal/ids.ts';
import { promisedHistoryMessageSchema } from '../internal/promised-bodies.ts';
import { check } from '../internal/rule-outcome.ts';
import type { RunContext } from '../internal/run-context.ts';
import {
  type EndedTurn,
  letTurnEnd,
  newConversation,
  sharedEndedTurn,
  submitMessage,
} from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** `GET …/messages` of the shared ended turn's conversation, with `query`. */
async function history(ctx: RunContext, ended: EndedTurn, query: string) {
  return ctx.api.send({
    method: 'GET',
    path: `/conversations/${ended.conversationId}/messages${query}`,
    auth: { bearer: ended.user.token },
  });
}

function messagesOf(body: unknown): Record<string, unknown>[] {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  return Array.isArray(messages) ? (messages as Record<string, unknown>[]) : [];
}

const BOUNDS = 'Query parameters: `limit` (integer, 1 to 100), `offset` (integer, at least 0).';

/** Reading the history of a conversation. */
export const historyRules = defineGroup('history', [
  {
    name: 'chronological',
    title: 'History lists the turn’s messages in order, each with its turn_id',
    rule: 'Returns the history in chronological order. Response: `messages` (array of Message objects, including `turn_id`).',
    async check(ctx) {
      const ended = await sharedEndedTurn(ctx);
      const reply = await history(ctx, ended, '');
      expectSuccess(reply);
      const messages = messagesOf(reply.body).map((message, i) =>
        expectPromised(message, promisedHistoryMessageSchema, `messages[${i}]`),
      );
      check(messages.length === 2, `${messages.length} messages after one ended turn, expected 2`);
      check(
        messages[0]?.role === 'user' && messages[1]?.role === 'assistant',
        'the user message does not come before the answer',
      );
      check(
        messages.every((message) => sameId(message.turn_id, ended.turnId)),
        'a message does not carry its turn_id',
      );
      const times = messages.map((message) => Date.parse(message.created_at));
      check(
        times.every((time, i) => i === 0 || time >= (times[i - 1] ?? 0)),
        'created_at goes backwards',
      );
    },
  },
  {
    name: 'page',
    title: 'limit and offset select a page',
    rule: BOUNDS,
    async check(ctx) {
      const ended = await sharedEndedTurn(ctx);
      const all = messagesOf((await history(ctx, ended, '')).body);
      const reply = await history(ctx, ended, '?limit=1&offset=1');
      expectSuccess(reply);
      const page = messagesOf(reply.body);
      check(page.length === 1, `limit=1 gave ${page.length} messages`);
      check(
        sameId(page[0]?.message_id, all[1]?.message_id),
        'offset=1 did not give the second message',
      );
    },
  },
  {
    name: 'bounds',
    title: 'limit outside 1..100 or a negative offset is 422',
    rule: BOUNDS,
    async check(ctx) {
      const ended = await sharedEndedTurn(ctx);
      for (const query of ['?limit=0', '?limit=101', '?offset=-1']) {
        expectError(await history(ctx, ended, query), 422, 'invalid_request');
      }
    },
  },
  {
    name: 'has-more',
    source: 'decision',
    title: 'has_more says whether later messages exist',
    rule: 'Decision (default limit and offset of history): `limit` 20, `offset` 0. The response adds `has_more` (boolean).',
    async check(ctx) {
      const ended = await sharedEndedTurn(ctx);
      const first = await history(ctx, ended, '?limit=1');
      const whole = await history(ctx, ended, '');
      const more = (reply: typeof first) =>
        (reply.body as { has_more?: unknown } | undefined)?.has_more;
      check(more(first) === true, `has_more is ${String(more(first))} with one of two messages`);
      check(more(whole) === false, `has_more is ${String(more(whole))} on the whole history`);
    },
  },
  {
    name: 'user-message-first',
    source: 'decision',
    title: 'The user message shows at once, the answer once the turn ends',
    rule: 'Decision (status values): a user message is `completed` as soon as it is persisted; the assistant message of a turn exists once the turn has ended.',
    async check(ctx) {
      const { user, conversationId } = await newConversation(ctx);
      const { reply, turnId } = await submitMessage(ctx, user, conversationId);
      const path = `/conversations/${conversationId}/messages`;
      const during = await ctx.api.send({ method: 'GET', path, auth: { bearer: user.token } });
      await letTurnEnd(ctx, user, turnId);
      check(reply.status === 202, `the message answered ${describeStatus(reply)}`);
      const messages = messagesOf(during.body);
      check(
        messages.length === 1,
        `${messages.length} messages while the turn runs, expected the user message alone`,
      );
      check(
        messages[0]?.role === 'user' && messages[0]?.status === 'completed',
        'the user message is not completed',
      );
    },
  },
]);
