/** A chat on the fake clock and sockets, its REST calls recorded, for the chat's unit tests. */
import { ChatResource } from './chat.ts';
import { FakeClock, FakeSocket, fakeConnection, flush } from './fake-platform.test-support.ts';
import { accepted, CONVERSATION_ID, message, turn } from './frames.test-support.ts';
import type { LifecycleAdapter } from './lifecycle.ts';
import type { QuestionKeeper } from './question-keeper.ts';

export interface ChatSetup {
  /** `messages.send` over REST: the turn, `queued`, unless given. */
  send?: () => Promise<unknown>;
  /** `turns.wait` over REST: the turn completed with "Over REST", unless given. */
  wait?: (turnId: string, options: { signal: AbortSignal }) => Promise<unknown>;
  turnTimeoutMs?: number;
  keeper?: QuestionKeeper;
  /** The connection's network and foreground signals: none unless given. */
  lifecycle?: LifecycleAdapter;
}

/**
 * A chat whose connection retries at once after a drop (no jitter), idle 30 s, recovery window
 * 15 s, REST retried twice 100 ms apart; `restCalls` lists its `send` and `wait` calls in order.
 */
export function chatSetup(setup: ChatSetup = {}) {
  const { send, wait, turnTimeoutMs = 600_000, keeper, lifecycle } = setup;
  const clock = new FakeClock();
  const { connection, tokens } = fakeConnection(clock, { firstRetryJitterMs: 0, lifecycle });
  const restCalls: string[] = [];
  const completed = turn('completed', { assistant_message: message('Over REST') });
  const chat = new ChatResource({
    connection,
    tokens,
    logger: undefined,
    messages: {
      send: async () => {
        restCalls.push('send');
        return send ? send() : turn('queued');
      },
    } as never,
    turns: {
      wait: async (turnId: string, options: { signal: AbortSignal }) => {
        restCalls.push('wait');
        return wait ? wait(turnId, options) : completed;
      },
    } as never,
    timers: clock,
    now: () => clock.now,
    validate: true,
    streamIdleTimeoutMs: 30_000,
    recoveryWindowMs: 15_000,
    turnTimeoutMs,
    backoff: () => 100,
    maxRetries: 2,
    sleep: (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms)),
    keeper,
  });
  return { clock, chat, connection, restCalls };
}

/** Sends `text` with idempotency key `key` to the test conversation. */
export const ask = (chat: ChatResource, text: string, key = 'key-1') =>
  chat.send({ conversationId: CONVERSATION_ID, message: text, clientMessageId: key });

/** The `user.message` frames sent on every socket so far. */
export const sentMessages = () =>
  FakeSocket.instances.flatMap((socket) => socket.sent).filter((f) => f.type === 'user.message');

/** The socket opens (the questions asked so far leave) and the server accepts the test turn. */
export async function openAndAccept(): Promise<void> {
  await flush();
  FakeSocket.last.accept();
  FakeSocket.last.receive(accepted());
}
