import { renamedConversationSchema } from '@partner-assistant/contract';
import { expectBody, expectError, expectPromisedBody } from '../internal/expect-reply.ts';
import { promisedRenamedConversationSchema } from '../internal/promised-bodies.ts';
import { check } from '../internal/rule-outcome.ts';
import type { RunContext } from '../internal/run-context.ts';
import { createConversation } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** `PATCH /conversations/{id}` with `json`, on a fresh conversation of a fresh user. */
async function rename(ctx: RunContext, json: unknown, conversationId?: string) {
  const user = await ctx.newUser();
  const id = conversationId ?? (await createConversation(ctx, user));
  return ctx.api.send({
    method: 'PATCH',
    path: `/conversations/${id}`,
    auth: { bearer: user.token },
    json,
  });
}

const TITLE_BOUNDS =
  'Request: `title` (string, required, 1 to 255 characters). No other property is allowed.';

/** Renaming a conversation. */
export const renameRules = defineGroup('rename', [
  {
    name: 'rename',
    title: 'Rename answers 200 with conversation_id, title and updated_at',
    rule: 'PATCH /api/partners/v1/conversations/{conversation_id} — Response 200: `conversation_id`, `title`, `updated_at`.',
    async check(ctx) {
      const renamed = expectPromisedBody(
        await rename(ctx, { title: 'Moving house' }),
        promisedRenamedConversationSchema,
        200,
      );
      check(
        renamed.title === 'Moving house',
        `title came back as ${JSON.stringify(renamed.title)}`,
      );
    },
  },
  {
    name: 'empty-title',
    title: 'An empty title is 422',
    rule: TITLE_BOUNDS,
    async check(ctx) {
      expectError(await rename(ctx, { title: '' }), 422, 'invalid_request');
    },
  },
  {
    name: 'long-title',
    title: 'A title of 256 characters is 422',
    rule: TITLE_BOUNDS,
    async check(ctx) {
      expectError(await rename(ctx, { title: 't'.repeat(256) }), 422, 'invalid_request');
    },
  },
  {
    name: 'other-property',
    title: 'A property other than title is 422',
    rule: TITLE_BOUNDS,
    async check(ctx) {
      expectError(await rename(ctx, { title: 'Fine', pinned: true }), 422, 'invalid_request');
    },
  },
  {
    name: 'unknown-conversation',
    title: 'Renaming a conversation that does not exist is 404',
    rule: 'PATCH /api/partners/v1/conversations/{conversation_id} — Errors: 401, 404, 413, 422, 429.',
    async check(ctx) {
      expectError(await rename(ctx, { title: 'Nowhere' }, crypto.randomUUID()), 404, 'not_found');
    },
  },
  {
    name: 'normalized',
    source: 'decision',
    title: 'A title is normalized: white space folded and trimmed',
    rule: 'Decision (title normalization): Unicode NFC, every run of white space folded to one space, leading and trailing space removed; a title of only spaces is `422`.',
    async check(ctx) {
      const renamed = expectBody(
        await rename(ctx, { title: '  Moving \t\n house  ' }),
        [200],
        renamedConversationSchema,
      );
      check(
        renamed.title === 'Moving house',
        `title came back as ${JSON.stringify(renamed.title)}`,
      );
      expectError(await rename(ctx, { title: '   ' }), 422, 'invalid_request');
    },
  },
]);
