import type { ApiReply } from './api-client.ts';
import { describeStatus } from './expect-reply.ts';
import { sameId } from './ids.ts';
import { systemPacerClock } from './request-pacer.ts';
import { RuleFailure } from './rule-outcome.ts';
import type { RunContext, TestUser } from './run-context.ts';

/** The question the run asks: plain, short, and about the service's own topics. */
export const QUESTION = 'Which documents do I need to renew a passport?';

/** Shortest wait between two polls of a turn. */
const POLL_MS = 100;

/** `POST /conversations`; fails unless a conversation id comes back. */
export async function createConversation(
  ctx: RunContext,
  user: TestUser,
  json: Record<string, unknown> = {},
): Promise<string> {
  const reply = await ctx.api.send({
    method: 'POST',
    path: '/conversations',
    auth: { bearer: user.token },
    json,
  });
  const id = (reply.body as { conversation_id?: unknown } | undefined)?.conversation_id;
  if (reply.status >= 300 || typeof id !== 'string')
    throw new RuleFailure(
      `${reply.request} answered ${describeStatus(reply)}; cannot prepare a conversation`,
    );
  return id;
}

/** A submitted message: the answer, and its turn id when it has one. */
export interface Submission {
  reply: ApiReply;
  turnId: string | undefined;
  clientMessageId: string;
}

/** `POST …/messages` with `QUESTION` (or `message`) and a fresh key unless one is given. */
export async function submitMessage(
  ctx: RunContext,
  user: TestUser,
  conversationId: string,
  fields: { message?: string; clientMessageId?: string; extra?: Record<string, unknown> } = {},
): Promise<Submission> {
  const clientMessageId = fields.clientMessageId ?? ctx.newClientMessageId();
  const reply = await ctx.api.send({
    method: 'POST',
    path: `/conversations/${conversationId}/messages`,
    auth: { bearer: user.token },
    json: {
      client_message_id: clientMessageId,
      message: fields.message ?? QUESTION,
      ...fields.extra,
    },
  });
  const turnId = (reply.body as { turn_id?: unknown } | undefined)?.turn_id;
  return { reply, turnId: typeof turnId === 'string' ? turnId : undefined, clientMessageId };
}

/** Submits a message and fails unless it is accepted with a turn id. */
export async function acceptedTurn(
  ctx: RunContext,
  user: TestUser,
  conversationId: string,
): Promise<string> {
  const { reply, turnId } = await submitMessage(ctx, user, conversationId);
  if (reply.status >= 300 || !turnId)
    throw new RuleFailure(
      `${reply.request} answered ${describeStatus(reply)}; cannot prepare a turn`,
    );
  return turnId;
}

/** Polls `GET /turns/{turn_id}` until the turn leaves `queued`/`running`; returns its body. */
export async function waitForTurnEnd(
  ctx: RunContext,
  user: TestUser,
  turnId: string,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + ctx.settings.timeoutMs;
  for (;;) {
    const reply = await ctx.api.send({
      method: 'GET',
      path: `/turns/${turnId}`,
      auth: { bearer: user.token },
    });
    if (reply.status < 200 || reply.status >= 300)
      throw new RuleFailure(
        `${reply.request} answered ${describeStatus(reply)} while waiting for the turn to end`,
      );
    const turn = (reply.body ?? {}) as Record<string, unknown>;
    if (turn.status !== 'queued' && turn.status !== 'running') return turn;
    if (Date.now() > deadline)
      throw new RuleFailure(
        `the turn was still ${String(turn.status)} after ${ctx.settings.timeoutMs} ms`,
      );
    await systemPacerClock.sleep(Math.max(POLL_MS, ctx.pacer.intervalMs), ctx.signal);
  }
}

/**
 * The `turn_id` of the conversation's first user message, read from its history (which promises
 * `turn_id` on each message): how a client finds a turn it sent without knowing its id.
 */
export async function turnIdOfUserMessage(
  ctx: RunContext,
  user: TestUser,
  conversationId: string,
): Promise<string> {
  const history = await ctx.api.send({
    method: 'GET',
    path: `/conversations/${conversationId}/messages`,
    auth: { bearer: user.token },
  });
  const messages = (history.body as { messages?: unknown } | undefined)?.messages;
  const question = Array.isArray(messages)
    ? (messages as Record<string, unknown>[]).find((message) => message.role === 'user')
    : undefined;
  if (typeof question?.turn_id !== 'string')
    throw new RuleFailure(
      `${history.request} answered ${describeStatus(history)} without the user message's turn_id`,
    );
  return question.turn_id;
}

/** A conversation with one ended turn, and its history. */
export interface EndedTurn {
  user: TestUser;
  conversationId: string;
  turnId: string;
  turn: Record<string, unknown>;
  messages: Record<string, unknown>[];
}

const endedTurns = new WeakMap<RunContext, Promise<EndedTurn>>();

/**
 * One conversation with one ended turn, prepared once per run and shared by the rules that only
 * read it (history, feedback); rules that delete prepare their own.
 */
export function sharedEndedTurn(ctx: RunContext): Promise<EndedTurn> {
  let prepared = endedTurns.get(ctx);
  if (!prepared) {
    prepared = prepareEndedTurn(ctx);
    endedTurns.set(ctx, prepared);
  }
  return prepared;
}

/** A fresh user, conversation and ended turn. */
export async function prepareEndedTurn(ctx: RunContext, user?: TestUser): Promise<EndedTurn> {
  const owner = user ?? (await ctx.newUser());
  const conversationId = await createConversation(ctx, owner);
  const turnId = await acceptedTurn(ctx, owner, conversationId);
  const turn = await waitForTurnEnd(ctx, owner, turnId);
  const history = await ctx.api.send({
    method: 'GET',
    path: `/conversations/${conversationId}/messages?limit=100`,
    auth: { bearer: owner.token },
  });
  const messages = (history.body as { messages?: unknown } | undefined)?.messages;
  if (history.status < 200 || history.status >= 300 || !Array.isArray(messages))
    throw new RuleFailure(
      `${history.request} answered ${describeStatus(history)}; cannot read the history`,
    );
  return { user: owner, conversationId, turnId, turn, messages };
}

/** The assistant message of an ended turn's history, or a failure. */
export function assistantMessageOf(ended: EndedTurn): Record<string, unknown> {
  const message = ended.messages.find(
    (entry) => entry.role === 'assistant' && sameId(entry.turn_id, ended.turnId),
  );
  if (!message) throw new RuleFailure('the history of an ended turn holds no assistant message');
  return message;
}

/**
 * Waits for a turn a rule left running, so the run never holds more than one or two turns of the
 * application's `concurrent_turns` at a time; a turn that never ends is left to its own rule.
 */
export async function letTurnEnd(
  ctx: RunContext,
  user: TestUser,
  turnId: string | undefined,
): Promise<void> {
  if (!turnId) return;
  try {
    await waitForTurnEnd(ctx, user, turnId);
  } catch (error) {
    if (!(error instanceof RuleFailure)) throw error;
  }
}

/** A fresh user and a conversation of theirs. */
export async function newConversation(
  ctx: RunContext,
): Promise<{ user: TestUser; conversationId: string }> {
  const user = await ctx.newUser();
  return { user, conversationId: await createConversation(ctx, user) };
}

/** `POST /conversations` by a fresh user, with a JSON or a raw body; the answer, unchecked. */
export async function postConversation(
  ctx: RunContext,
  body: { json: unknown } | { rawBody: string },
): Promise<ApiReply> {
  const user = await ctx.newUser();
  return ctx.api.send({
    method: 'POST',
    path: '/conversations',
    auth: { bearer: user.token },
    ...body,
  });
}
