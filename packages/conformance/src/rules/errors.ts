import {
  API_ERROR_CODES,
  FIELD_LIMITS,
  HTTP_HEADERS,
  isApiErrorCode,
} from '@partner-assistant/contract';
import type { ApiReply } from '../internal/api-client.ts';
import { expectError, expectPromised } from '../internal/expect-reply.ts';
import { promisedErrorEnvelopeSchema } from '../internal/promised-bodies.ts';
import { RuleFailure } from '../internal/rule-outcome.ts';
import type { RunContext } from '../internal/run-context.ts';
import { postConversation } from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** A few error answers of different kinds, then every error answer the run saw. */
async function errorReplies(ctx: RunContext): Promise<ApiReply[]> {
  const user = await ctx.newUser();
  const auth = { bearer: user.token };
  await ctx.api.send({ method: 'GET', path: '/capabilities' });
  await ctx.api.send({ method: 'GET', path: `/turns/${crypto.randomUUID()}`, auth });
  await ctx.api.send({ method: 'POST', path: '/conversations', auth, json: { title: '' } });
  return [...ctx.api.errorReplies];
}

function failEach(replies: ApiReply[], problem: (reply: ApiReply) => string | undefined): void {
  const problems = replies.flatMap((reply) => {
    const found = problem(reply);
    return found ? [`${reply.request} (${reply.status}): ${found}`] : [];
  });
  if (problems.length > 0)
    throw new RuleFailure(
      `${problems.length} of ${replies.length} error answers: ${problems.slice(0, 3).join('; ')}`,
    );
}

/** The error envelope, and how errors are answered. */
export const errorRules = defineGroup('errors', [
  {
    name: 'envelope',
    title: 'Every error answer has the envelope: code, message, retryable, request_id',
    rule: 'Every error response has the same JSON envelope: `error.code`, `error.message`, `error.retryable` (boolean), `error.request_id` (UUID).',
    async check(ctx) {
      failEach(await errorReplies(ctx), (reply) => {
        try {
          expectPromised(reply.body, promisedErrorEnvelopeSchema, 'the body');
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      });
    },
  },
  {
    name: 'json',
    title: 'Error answers are JSON',
    rule: 'All bodies are JSON (`Content-Type: application/json`).',
    async check(ctx) {
      failEach(await errorReplies(ctx), (reply) => {
        const type = reply.headers.get('content-type') ?? 'absent';
        return type.startsWith('application/json') ? undefined : `Content-Type is ${type}`;
      });
    },
  },
  {
    name: 'retryable',
    source: 'decision',
    title: 'error.retryable follows the recorded error table',
    rule: 'Decision (complete list of error codes): `rate_limit_exceeded`, `internal_error` and `queue_unavailable` are retryable; every other code is not.',
    async check(ctx) {
      failEach(await errorReplies(ctx), (reply) => {
        const error = (
          reply.body as { error?: { code?: unknown; retryable?: unknown } } | undefined
        )?.error;
        if (!isApiErrorCode(error?.code)) return undefined;
        const expected = API_ERROR_CODES[error.code].retryable;
        return error.retryable === expected
          ? undefined
          : `retryable is ${String(error.retryable)} for ${error.code}`;
      });
    },
  },
  {
    name: 'request-id-header',
    source: 'decision',
    title: 'X-Request-Id equals error.request_id',
    rule: 'Decision (rate-limit and wait-time response headers): every response carries `X-Request-Id`, equal to `error.request_id` on errors.',
    async check(ctx) {
      failEach(await errorReplies(ctx), (reply) => {
        const header = reply.headers.get(HTTP_HEADERS.requestId);
        const inBody = (reply.body as { error?: { request_id?: unknown } } | undefined)?.error
          ?.request_id;
        return header && header === inBody
          ? undefined
          : `X-Request-Id ${header ? 'differs from' : 'is absent beside'} error.request_id`;
      });
    },
  },
  {
    name: 'unknown-route',
    source: 'decision',
    title: 'An unknown route is 404 not_found with the envelope',
    rule: 'Decision (complete list of error codes): 404 `not_found` — resource absent in this tenant and identity; unknown route.',
    async check(ctx) {
      expectError(await ctx.api.send({ method: 'GET', path: '/no-such-route' }), 404, 'not_found');
    },
  },
  {
    name: 'malformed-json',
    source: 'decision',
    title: 'A body that is not JSON is 422',
    rule: 'Decision (complete list of error codes): 422 `invalid_request` — invalid parameter, path segment, query or payload, including malformed JSON.',
    async check(ctx) {
      const reply = await postConversation(ctx, { rawBody: '{"title":' });
      expectError(reply, 422, 'invalid_request');
    },
  },
  {
    name: 'payload-too-large',
    source: 'decision',
    title: 'A body over 64 KiB is 413 payload_too_large',
    rule: 'Decision (maximum request body size): 64 KiB (65,536 bytes) for REST bodies (`413 payload_too_large`).',
    async check(ctx) {
      const rawBody = JSON.stringify({ title: 'x'.repeat(FIELD_LIMITS.maxBodyBytes) });
      const reply = await postConversation(ctx, { rawBody });
      expectError(reply, 413, 'payload_too_large');
    },
  },
]);
