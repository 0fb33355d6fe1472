import { PartnerApiError, PartnerNetworkError } from '@partner-assistant/sdk-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ask,
  type ChatSetup,
  chatSetup,
  openAndAccept,
  sentMessages,
} from './chat.test-support.ts';
import { FakeSocket, fakeLifecycle, flush } from './fake-platform.test-support.ts';
import {
  accepted,
  CONVERSATION_ID as CONVERSATION,
  event,
  message,
  TURN_ID as TURN,
} from './frames.test-support.ts';
import type { Question, QuestionKeeper } from './question-keeper.ts';
import type { TurnStreamStatus } from './turn-stream.ts';

afterEach(() => {
  FakeSocket.instances.length = 0;
});

/** A chat whose turns, once followed over REST, never end there. */
const setup = (options: ChatSetup = {}) =>
  chatSetup({ wait: () => new Promise(() => {}), ...options });

describe('a turn followed twice', () => {
  it('a resend with the same key, a resume of its id: one stream, settled by turnTimeoutMs', async () => {
    const { chat, clock } = setup({ turnTimeoutMs: 60_000 });
    const first = ask(chat, 'One');
    const again = ask(chat, 'One');
    await openAndAccept();
    const resumed = chat.resume(TURN.toUpperCase());
    const resumedAgain = chat.resume(TURN);
    expect(new Set([first, again, resumed, resumedAgain]).size).toBe(1);
    expect(sentMessages()).toHaveLength(1);
    await clock.advance(60_000);
    await expect(first.finalMessage()).rejects.toMatchObject({ name: 'PartnerTimeoutError' });
  });

  it('resumed twice before any event: both settle at close()', async () => {
    const { chat } = setup();
    const first = chat.resume(TURN);
    const second = chat.resume(TURN);
    chat.close();
    await expect(first.finalMessage()).rejects.toThrow(/closed/);
    await expect(second.finalMessage()).rejects.toThrow(/closed/);
  });

  it('a key sent again after its turn settled starts a new stream', async () => {
    const { chat } = setup();
    const first = ask(chat, 'One');
    await openAndAccept();
    FakeSocket.last.receive(event('assistant.completed', 2, { message: message('Done') }));
    await expect(first.finalMessage()).resolves.toMatchObject({ content: 'Done' });
    expect(ask(chat, 'One')).not.toBe(first);
  });
});

describe('a listener that closes the client during the final delivery', () => {
  it('ends delivery: after the stream settled nothing else arrives', async () => {
    const { chat } = setup();
    const stream = ask(chat, 'One');
    await openAndAccept();
    const seen: string[] = [];
    stream.on('delta', () => {
      seen.push('delta');
      chat.close();
    });
    stream.on('error', () => seen.push('error'));
    stream.on('completed', () => seen.push('completed'));
    FakeSocket.last.receive(event('assistant.completed', 2, { message: message('All of it') }));
    expect(seen).toEqual(['delta', 'error']);
    expect(stream.status).toBe('failed');
  });
});

describe('a question asked while the API is unreachable', () => {
  const unreachable = () => Promise.reject(new PartnerNetworkError('connection refused'));

  it('waits (status and statechange say so), then leaves once when the connection returns', async () => {
    const { chat, clock, restCalls } = setup({ send: unreachable });
    const stream = ask(chat, 'Still there?');
    const changes: [TurnStreamStatus, string | undefined][] = [];
    stream.on('statechange', (status, reason) => changes.push([status, reason?.name]));
    await flush();
    for (let i = 0; i < 4; i++) {
      FakeSocket.last.serverClose(1006); // the socket cannot open
      await clock.advance(20_000); // past the recovery window: REST is unreachable too
    }
    expect(restCalls.length).toBeGreaterThan(1);
    expect(stream.status).toBe('waiting');
    expect(changes[0]).toEqual(['waiting', 'PartnerNetworkError']);
    await clock.advance(30_000);
    FakeSocket.last.accept();
    expect(stream.status).toBe('pending');
    expect(sentMessages()).toHaveLength(1);
    FakeSocket.last.receive(accepted());
    FakeSocket.last.receive(event('assistant.completed', 2, { message: message('Yes') }));
    await expect(stream.finalMessage()).resolves.toMatchObject({ content: 'Yes' });
    expect(changes.map(([status]) => status)).toEqual([
      'waiting',
      'pending',
      'queued',
      'completed',
    ]);
  });

  it('says it waits from the first failed attempt of a first connection, not a recovery window later', async () => {
    const { chat } = setup({ send: unreachable });
    const stream = ask(chat, 'Still there?');
    await flush();
    expect(stream.status).toBe('pending');
    FakeSocket.last.serverClose(1006); // the very first socket cannot open
    await flush();
    expect(stream.status).toBe('waiting');
    chat.close();
  });

  it('offline: waits at once, and its failed attempt plans no retry until the network is back', async () => {
    const { lifecycle, signal } = fakeLifecycle();
    const { chat, connection } = setup({ lifecycle });
    ask(chat, 'Before');
    await openAndAccept();
    signal('offline');
    expect(connection.state).toBe('suspended');
    const stream = ask(chat, 'Still there?', 'key-2');
    expect(stream.status).toBe('waiting');
    await flush();
    FakeSocket.last.serverClose(1006); // the question's attempt: no network
    await flush();
    expect(connection.state).toBe('suspended');
    expect(connection.retryInMs).toBeUndefined();
    const sockets = FakeSocket.instances.length;
    signal('online');
    await flush();
    expect(FakeSocket.instances).toHaveLength(sockets + 1);
    FakeSocket.last.accept();
    expect(stream.status).toBe('pending');
    expect(sentMessages().at(-1)).toMatchObject({ message: 'Still there?' });
    chat.close();
  });

  it('is given up at turnTimeoutMs with a PartnerTimeoutError', async () => {
    const { chat, clock } = setup({ send: unreachable, turnTimeoutMs: 120_000 });
    const stream = ask(chat, 'Still there?');
    await flush();
    for (let at = 0; at < 115_000; at += 5000) {
      FakeSocket.last.serverClose(1006);
      await clock.advance(5000);
    }
    expect(stream.status).toBe('waiting');
    await clock.advance(5000);
    await expect(stream.finalMessage()).rejects.toMatchObject({ name: 'PartnerTimeoutError' });
    chat.close();
  });
});

describe('the question keeper', () => {
  function recording(written: () => Promise<void> | undefined) {
    const calls: string[] = [];
    const questions: Question[] = [];
    const keeper: QuestionKeeper = {
      written: (question, stream) => {
        const key = question.clientMessageId;
        calls.push('written');
        questions.push(question);
        stream?.on('accepted', () => calls.push(`accepted ${key}`));
        stream?.on(
          'statechange',
          (status) => status === 'stopped' && calls.push(`withdrawn ${key}`),
        );
        return written();
      },
      refused: (key, error) => calls.push(`refused ${key} ${error.name}`),
    };
    return { keeper, calls, questions };
  }

  it('is told before the question leaves, and when its turn is accepted', async () => {
    let release!: () => void;
    const { keeper, calls, questions } = recording(() => new Promise((r) => (release = r)));
    const { chat } = setup({ keeper });
    ask(chat, 'One');
    await flush();
    expect(FakeSocket.instances).toHaveLength(0); // nothing leaves before it is written down
    release();
    await flush();
    FakeSocket.last.accept();
    expect(sentMessages()).toHaveLength(1);
    FakeSocket.last.receive(accepted());
    expect(calls).toEqual(['written', 'accepted key-1']);
    expect(questions[0]).toMatchObject({ clientMessageId: 'key-1', conversationId: CONVERSATION });
  });

  it('a question stopped while the keeper writes it is withdrawn: told, and nothing leaves', async () => {
    let release!: () => void;
    const { keeper, calls } = recording(() => new Promise((r) => (release = r)));
    const { chat } = setup({ keeper });
    const stream = ask(chat, 'One');
    stream.stop();
    release();
    await flush();
    expect(calls).toEqual(['written', 'withdrawn key-1']);
    expect(FakeSocket.instances.flatMap((socket) => socket.sent)).toEqual([]);
    expect(stream.status).toBe('stopped');
  });

  it('a storage failure never stops the question; a final refusal is told', async () => {
    const { keeper, calls } = recording(() => Promise.reject(new Error('quota')));
    const { chat } = setup({ keeper });
    const stream = ask(chat, 'One');
    await flush();
    FakeSocket.last.accept();
    expect(sentMessages()).toHaveLength(1);
    FakeSocket.last.receive({
      type: 'frame.rejected',
      client_message_id: 'key-1',
      error: { code: 'invalid_request', message: 'no', retryable: false, request_id: 'r' },
    });
    await expect(stream.finalMessage()).rejects.toMatchObject({ name: 'PartnerApiError' });
    expect(calls).toEqual(['written', 'refused key-1 PartnerApiError']);
  });

  it('follows questions in the order the keeper lets them go: sent in that order at the opening', async () => {
    let first!: () => void;
    const gates = [new Promise<void>((resolve) => (first = resolve)), Promise.resolve()];
    const { keeper } = recording(() => gates.shift());
    const { chat } = setup({ keeper });
    ask(chat, 'One', 'key-1');
    ask(chat, 'Two', 'key-2');
    await flush();
    first();
    await flush();
    FakeSocket.last.accept();
    expect(sentMessages().map((frame) => frame.client_message_id)).toEqual(['key-2', 'key-1']);
  });

  it('is told of a refusal for now once the chat used up its own resends (the outbox offers it again)', async () => {
    const { keeper, calls } = recording(() => undefined);
    const { chat, clock } = setup({ keeper });
    const stream = ask(chat, 'One');
    await flush();
    FakeSocket.last.accept();
    for (let refusal = 0; refusal <= 2; refusal++) {
      FakeSocket.last.receive({
        type: 'frame.rejected',
        client_message_id: 'key-1',
        error: { code: 'rate_limit_exceeded', message: 'busy', retryable: true, request_id: 'r' },
      });
      await clock.advance(100);
    }
    await expect(stream.finalMessage()).rejects.toMatchObject({ code: 'rate_limit_exceeded' });
    expect(sentMessages()).toHaveLength(3);
    expect(calls).toEqual(['written', 'refused key-1 PartnerApiError']);
  });

  it('is told of a refusal over REST; a closed client is no refusal (the question may leave later)', async () => {
    const refusal = new PartnerApiError({
      status: 422,
      code: 'invalid_request',
      message: 'no',
      retryable: false,
    });
    const refused = recording(() => undefined);
    const rest = setup({ keeper: refused.keeper, send: () => Promise.reject(refusal) });
    ask(rest.chat, 'One');
    await flush();
    FakeSocket.last.serverClose(1006);
    await rest.clock.advance(15_000);
    expect(refused.calls).toEqual(['written', 'refused key-1 PartnerApiError']);
    const closed = recording(() => undefined);
    const { chat } = setup({ keeper: closed.keeper });
    ask(chat, 'Two', 'key-2');
    chat.close();
    expect(closed.calls).toEqual(['written']);
  });
});
