import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { Channel, ReceivedEvent } from './channel.ts';
import { expectPromised } from './expect-reply.ts';
import { sameId } from './ids.ts';
import { promisedCompletedMessageSchema } from './promised-bodies.ts';
import { check, RuleFailure } from './rule-outcome.ts';
import type { RunContext, TestUser } from './run-context.ts';
import { createConversation, QUESTION } from './scenarios.ts';

/** The two events that end a turn. */
export const isTerminal = (event: ReceivedEvent) =>
  event.type === 'assistant.completed' || event.type === 'assistant.error';

/** A user with an open, checked channel and a conversation. */
export interface OpenSession {
  user: TestUser;
  channel: Channel;
  conversationId: string;
}

/** Opens the channel for a fresh user; fails unless it opens with `service.partner.v1`. */
export async function openSession(ctx: RunContext): Promise<OpenSession> {
  const user = await ctx.newUser();
  const conversationId = await createConversation(ctx, user);
  const channel = await ctx.openChannel({ token: user.token });
  try {
    await channel.opened;
    check(
      channel.protocol === WEBSOCKET_SUBPROTOCOL,
      `the server selected the sub-protocol "${channel.protocol}"`,
    );
  } catch (error) {
    channel.close();
    throw error;
  }
  return { user, channel, conversationId };
}

/** The `user.message` frame the run sends. */
export function userMessage(conversationId: string, clientMessageId: string) {
  return {
    type: 'user.message',
    conversation_id: conversationId,
    client_message_id: clientMessageId,
    message: QUESTION,
  };
}

/** The events about `turnId`, in arrival order. */
export function eventsOf(channel: Channel, turnId: unknown): ReceivedEvent[] {
  return channel.events.filter((event) => sameId(event.turn_id, turnId));
}

/** Closes the channel whatever the check did. */
export async function withSession<T>(
  ctx: RunContext,
  use: (session: OpenSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(ctx);
  try {
    return await use(session);
  } finally {
    session.channel.close();
  }
}

/** Opens a channel that must be refused; resolves with how it ended. */
export async function refusedChannel(
  ctx: RunContext,
  options: { protocols?: string[]; query?: string; token?: string },
) {
  const channel = await ctx.openChannel(options);
  let timer: Parameters<typeof clearTimeout>[0];
  const ended = await Promise.race([
    channel.ended,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, ctx.settings.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  channel.close();
  if (!ended) throw new RuleFailure(`the channel stayed open for ${ctx.settings.timeoutMs} ms`);
  return ended;
}

/** Fails unless the channel ended with close `code` (not a refused handshake). */
export function expectClose(ended: { code: number; httpStatus?: number }, code: number): void {
  const seen = ended.httpStatus ? `HTTP ${ended.httpStatus}` : `close ${ended.code}`;
  check(
    ended.code === code && !ended.httpStatus,
    `the channel ended with ${seen}, expected close ${code}`,
  );
}

/** Fails unless the handshake itself was refused over HTTP with `status` (no socket opened). */
export function expectHandshakeRefused(
  ended: { code: number; httpStatus?: number },
  status: number,
): void {
  const seen = ended.httpStatus ? `HTTP ${ended.httpStatus}` : `close ${ended.code}`;
  check(ended.httpStatus === status, `the channel ended with ${seen}, expected HTTP ${status}`);
}

/** The answer text of a turn's events: its snapshot's content, then the later deltas. */
export function streamedText(events: ReceivedEvent[]): string {
  const snapshot = events.find((event) => event.type === 'turn.snapshot');
  const after = snapshot
    ? events.filter((event) => Number(event.seq) > Number(snapshot.seq))
    : events;
  const deltas = after
    .filter((event) => event.type === 'assistant.delta')
    .map((event) => String(event.text));
  return `${snapshot ? String(snapshot.content) : ''}${deltas.join('')}`;
}

/** The content of the turn's `assistant.completed` message. */
export function completedText(events: ReceivedEvent[]): string {
  const completed = events.find((event) => event.type === 'assistant.completed');
  return String((completed?.message as { content?: unknown } | undefined)?.content);
}

/**
 * Fails unless each event whose payload the specification shows carries it: `label` of
 * `assistant.status`, `text` of `assistant.delta`, the `message` of `assistant.completed`, and
 * `error.message` of `assistant.error`. The other events' payloads are not shown.
 */
export function expectShownPayloads(events: readonly ReceivedEvent[]): void {
  for (const [i, event] of events.entries()) {
    const where = `event ${i + 1} (${String(event.type)})`;
    if (event.type === 'assistant.status')
      check(typeof event.label === 'string', `${where} carries no label`);
    else if (event.type === 'assistant.delta')
      check(typeof event.text === 'string', `${where} carries no text`);
    else if (event.type === 'assistant.completed')
      expectPromised(event.message, promisedCompletedMessageSchema, `the message of ${where}`);
    else if (event.type === 'assistant.error')
      check(
        typeof (event.error as { message?: unknown } | undefined)?.message === 'string',
        `${where} carries no error.message`,
      );
  }
}
