import { afterEach, describe, expect, it } from 'vitest';
import { ask, openAndAccept, chatSetup as setup } from './chat.test-support.ts';
import { FakeSocket, flush } from './fake-platform.test-support.ts';
import {
  CONVERSATION_ID as CONVERSATION,
  event,
  message,
  TURN_ID as TURN,
} from './frames.test-support.ts';

afterEach(() => {
  FakeSocket.instances.length = 0;
});

describe('ChatResource', () => {
  it('a message sent before the socket is open leaves as soon as it opens, with its idempotency key', async () => {
    const { chat } = setup();
    ask(chat, 'Hello?', 'key-1');
    await flush();
    expect(FakeSocket.last.sent).toEqual([]);
    FakeSocket.last.accept();
    expect(FakeSocket.last.sent).toContainEqual({
      type: 'user.message',
      conversation_id: CONVERSATION,
      client_message_id: 'key-1',
      message: 'Hello?',
    });
  });

  it('abandon(): a question not sent yet fails with the given error and never leaves; a sent one stays', async () => {
    const { chat } = setup();
    const dropped = ask(chat, 'Never mind', 'key-1');
    const failure = dropped.finalMessage().catch((error: unknown) => error);
    await flush();
    const error = new Error('discarded');
    expect(chat.abandon('key-1', error)).toBe(true);
    expect(await failure).toBe(error);
    FakeSocket.last.accept();
    ask(chat, 'Still there?', 'key-2');
    expect(chat.abandon('key-2', error)).toBe(false);
    const keys = FakeSocket.last.sent.map(
      (frame) => (frame as { client_message_id?: string }).client_message_id,
    );
    expect(keys).toContain('key-2');
    expect(keys).not.toContain('key-1');
  });

  it('after a reconnection: an accepted turn resubscribes; an unaccepted one is sent again with the same key', async () => {
    const { chat, clock } = setup();
    ask(chat, 'One', 'key-1');
    ask(chat, 'Two', 'key-2');
    await openAndAccept();
    FakeSocket.last.serverClose(1006);
    await clock.advance(0);
    FakeSocket.last.accept();
    const resent = FakeSocket.last.sent.slice(1);
    expect(resent).toHaveLength(2);
    expect(resent).toEqual(
      expect.arrayContaining([
        { type: 'turn.subscribe', turn_id: TURN },
        expect.objectContaining({ type: 'user.message', client_message_id: 'key-2' }),
      ]),
    );
  });

  it('a quiet running turn is resubscribed, then read over REST, and still delivers its final message', async () => {
    const { chat, clock, restCalls } = setup();
    const stream = ask(chat, 'One', 'key-1');
    await openAndAccept();
    FakeSocket.last.sent.length = 0;
    await clock.advance(30_000);
    expect(FakeSocket.last.sent).toContainEqual({ type: 'turn.subscribe', turn_id: TURN });
    expect(restCalls).toEqual([]);
    FakeSocket.last.receive({ type: 'pong' }); // the socket answers, the turn does not
    await clock.advance(30_000);
    expect(restCalls).toEqual(['wait']);
    await expect(stream.finalMessage()).resolves.toMatchObject({ content: 'Over REST' });
  });

  it('the socket away past the recovery window: a never-accepted message goes over REST with its key', async () => {
    const { chat, clock, restCalls } = setup();
    const stream = ask(chat, 'One', 'key-1');
    await flush();
    FakeSocket.last.serverClose(1006); // never opened
    await clock.advance(15_000);
    expect(restCalls).toEqual(['send', 'wait']);
    expect(await stream.turnId).toBe(TURN);
    await expect(stream.finalMessage()).resolves.toMatchObject({ content: 'Over REST' });
  });

  it('a turn not ended within turnTimeoutMs fails with a PartnerTimeoutError; its polling and timers stop', async () => {
    let aborted = false;
    const { chat, clock, restCalls } = setup({
      wait: (_turnId, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    });
    const stream = ask(chat, 'One', 'key-1');
    await flush();
    FakeSocket.last.serverClose(1006); // never opened: the turn goes to REST
    await clock.advance(15_000);
    expect(restCalls).toEqual(['send', 'wait']);
    await clock.advance(600_000 - 15_000 - 1);
    expect(stream.status).not.toBe('failed');
    await clock.advance(1);
    await expect(stream.finalMessage()).rejects.toMatchObject({
      name: 'PartnerTimeoutError',
      timeoutMs: 600_000,
    });
    expect(aborted).toBe(true);
    await chat.close();
    await flush();
    expect(restCalls).toEqual(['send', 'wait']);
  });

  it('a turnTimeoutMs beyond what a timer can wait (or Infinity) never asks a timer for more', async () => {
    for (const turnTimeoutMs of [2 ** 40, Number.POSITIVE_INFINITY]) {
      const polled = new Promise<never>(() => {}); // a turn followed over REST that never ends
      const { chat, clock, restCalls } = setup({ wait: () => polled, turnTimeoutMs });
      const delays: number[] = [];
      const setTimeout = clock.setTimeout.bind(clock);
      clock.setTimeout = (callback, ms) => {
        delays.push(ms);
        return setTimeout(callback, ms);
      };
      ask(chat, 'One', 'key-1');
      await flush();
      FakeSocket.last.serverClose(1006);
      await clock.advance(15_000);
      expect(restCalls).toEqual(['send', 'wait']);
      expect(Math.max(...delays)).toBeLessThanOrEqual(2 ** 31 - 1);
      chat.close();
    }
  });

  it('a retryable frame.rejected is resent after a backoff; a final one fails the stream with a typed error', async () => {
    const { chat, clock } = setup();
    const stream = ask(chat, 'One', 'key-1');
    await flush();
    FakeSocket.last.accept();
    const busy = {
      type: 'frame.rejected',
      client_message_id: 'key-1',
      error: { code: 'queue_unavailable', message: 'busy', retryable: true, request_id: 'r' },
    };
    FakeSocket.last.receive(busy);
    FakeSocket.last.sent.length = 0;
    await clock.advance(100);
    expect(FakeSocket.last.sent).toEqual([
      expect.objectContaining({ type: 'user.message', client_message_id: 'key-1' }),
    ]);
    FakeSocket.last.receive({
      ...busy,
      error: { ...busy.error, code: 'idempotency_conflict', retryable: false },
    });
    await expect(stream.finalMessage()).rejects.toMatchObject({
      name: 'PartnerApiError',
      status: 409,
      code: 'idempotency_conflict',
      requestId: 'r',
    });
  });

  it('close(): unfinished streams fail; a settled one stays settled', async () => {
    const { chat } = setup();
    const done = ask(chat, 'One', 'key-1');
    const open = ask(chat, 'Two', 'key-2');
    await openAndAccept();
    FakeSocket.last.receive(event('assistant.completed', 2, { message: message('') }));
    chat.close();
    await expect(done.finalMessage()).resolves.toMatchObject({ turn_id: TURN });
    await expect(open.finalMessage()).rejects.toThrow(/closed/);
  });
});
