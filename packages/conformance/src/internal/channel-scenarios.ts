import { WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { Channel, ReceivedEvent } from './channel.ts';
import { check } from './rule-outcome.ts';
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
