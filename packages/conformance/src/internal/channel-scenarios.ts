import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { Channel, ReceivedEvent } from './channel.ts';
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
  return channel.events.filter((event) => event.turn_id === turnId);
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
