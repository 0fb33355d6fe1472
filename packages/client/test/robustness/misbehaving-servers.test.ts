/**
 * Servers that misbehave the way buggy deployments, proxies and newer API versions do, scripted
 * in the test: the client logs and skips what it cannot read, never throws into the app, never
 * spins, and settles every stream.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accepted,
  CONVERSATION_ID,
  event,
  message,
  TURN_ID,
  turn,
} from '../../src/realtime/frames.test-support.ts';
import type { Timers } from '../../src/realtime/platform.ts';
import { countedTimers } from '../support/counted-timers.ts';
import {
  type ChannelScript,
  type RestScript,
  recordingLogger,
  type ScriptedServer,
  scriptedClient,
  startScriptedServer,
} from '../support/scripted-server.ts';

const servers: ScriptedServer[] = [];
const closing: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setup(
  channel: ChannelScript,
  rest?: RestScript,
  options: Parameters<typeof scriptedClient>[1] = {},
  timers?: Timers,
) {
  const server = await startScriptedServer(channel, rest);
  servers.push(server);
  const logger = recordingLogger();
  const client = scriptedClient(server, { logger, ...options }, timers);
  closing.push(() => client.close());
  return { server, client, logger };
}

const send = (frame: object) => JSON.stringify(frame);
const ask = (client: ReturnType<typeof scriptedClient>) =>
  client.chat.send({ conversationId: CONVERSATION_ID, message: 'SECRET question' });
const turnOverRest =
  (body: unknown): RestScript =>
  ({ path }) =>
    path.startsWith('/turns/') ? { status: 200, body } : { status: 404, body: {} };
const completedOverRest = turnOverRest(
  turn('completed', { assistant_message: message('Over REST') }),
);

describe('malformed turn events', () => {
  it('are logged (type and reason, no content) and skipped; the turn still ends, over REST', async () => {
    const { client, logger } = await setup(
      {
        onFrame(socket, frame) {
          if (frame.type !== 'user.message') return undefined;
          socket.send(send(accepted(1, String(frame.client_message_id))));
          socket.send(send(event('turn.snapshot', 2, { content: 'SECRET', label: null })));
          socket.send(send(event('assistant.completed', 3, {})));
          const bad = turn('completed', { assistant_message: message('x') });
          Object.assign(bad.assistant_message ?? {}, { content: 7 }); // content not a string
          socket.send(send(event('turn.snapshot', 4, { turn: bad, content: 'SECRET' })));
          return true;
        },
      },
      completedOverRest,
    );
    const stream = ask(client);
    await expect(stream.finalMessage()).resolves.toMatchObject({ content: 'Over REST' });
    const skipped = logger.warnings.filter((line) => line.includes('skipped a server frame'));
    expect(skipped).toEqual([
      'partner-assistant: skipped a server frame {"type":"turn.snapshot","reason":"turn.snapshot: turn: wrong type"}',
      'partner-assistant: skipped a server frame {"type":"assistant.completed","reason":"assistant.completed: message: wrong type"}',
      'partner-assistant: skipped a server frame {"type":"turn.snapshot","reason":"turn.snapshot: turn.assistant_message.content: wrong type"}',
    ]);
    expect(logger.warnings.join()).not.toContain('SECRET');
  });
});

describe('a turn status this client does not know', () => {
  const cancelled = turnOverRest({ ...turn('running'), status: 'cancelled' });

  it('turns.wait stops at once with invalid_response, saying what was received', async () => {
    const { client, server } = await setup({}, cancelled);
    const error = await client.turns.wait(TURN_ID).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'PartnerApiError',
      code: 'invalid_response',
      status: 200,
      retryable: false,
      requestId: '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
      message: expect.stringContaining('status: unknown value "cancelled"'),
    });
    expect(server.counts.requests).toEqual([`GET /turns/${TURN_ID}`]);
  });

  it('in the snapshot of a healthy socket: the turn is read over REST at once and fails with it', async () => {
    const { client, logger } = await setup(
      {
        onFrame(socket, frame) {
          if (frame.type !== 'turn.subscribe') return undefined;
          const paused = { ...turn('running'), status: 'cancelled' };
          socket.send(send(event('turn.snapshot', 2, { turn: paused, content: '', label: null })));
          return true;
        },
      },
      cancelled,
      { streamIdleTimeoutMs: 60_000, recoveryWindowMs: 60_000 },
    );
    const error = await client.chat
      .resume(TURN_ID)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'invalid_response',
      message: expect.stringContaining('"cancelled"'),
    });
    expect(logger.warnings[0]).toContain('turn.snapshot: turn.status: unknown value');
  });

  it('a stream followed over REST fails with it, after one request', async () => {
    const { client, server } = await setup({}, cancelled);
    const stream = client.chat.resume(TURN_ID);
    await expect(stream.finalMessage()).rejects.toMatchObject({ code: 'invalid_response' });
    expect(server.counts.requests).toEqual([`GET /turns/${TURN_ID}`]);
  });
});

describe('a turn completed without a message', () => {
  const withoutMessage = turn('completed');

  it('in the snapshot answering turn.subscribe: the stream fails with a typed error', async () => {
    const { client } = await setup({
      onFrame(socket, frame) {
        if (frame.type !== 'turn.subscribe') return undefined;
        socket.send(
          send(event('turn.snapshot', 3, { turn: withoutMessage, content: '', label: null })),
        );
        return true;
      },
    });
    await expect(client.chat.resume(TURN_ID).finalMessage()).rejects.toMatchObject({
      name: 'PartnerTurnError',
      code: 'no_message',
    });
  });

  it('over REST: the stream fails with a typed error', async () => {
    const { client } = await setup({}, turnOverRest(withoutMessage));
    const stream = client.chat.resume(TURN_ID);
    await expect(stream.finalMessage()).rejects.toMatchObject({ code: 'no_message' });
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      code: 'no_message',
    });
  });
});

describe('a turn the server never ends', () => {
  it('fails with a PartnerTimeoutError after turnTimeoutMs, and is no longer followed', async () => {
    const running = turn('running');
    let seq = 1;
    const { client, server } = await setup(
      {
        // Every resubscription is answered: the turn is still running.
        onFrame(socket, frame) {
          if (frame.type !== 'turn.subscribe') return undefined;
          seq++;
          socket.send(
            send(event('turn.snapshot', seq, { turn: running, content: '', label: null })),
          );
          return true;
        },
      },
      turnOverRest(running),
      { turnTimeoutMs: 1_500 },
    );
    const stream = client.chat.resume(TURN_ID);
    await expect(stream.finalMessage()).rejects.toMatchObject({
      name: 'PartnerTimeoutError',
      timeoutMs: 1_500,
    });
    const events: string[] = [];
    const iterated = (async () => {
      for await (const event of stream) events.push(event.type);
    })();
    await expect(iterated).rejects.toMatchObject({ name: 'PartnerTimeoutError' });
    expect(events[0]).toBe('turn.snapshot');
    expect(seq).toBeGreaterThan(2); // it was followed until then
    const asked = { requests: server.counts.requests.length, seq };
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect({ requests: server.counts.requests.length, seq }).toEqual(asked);
  });
});

describe('a flapping server: accepts the socket, answers the ping, drops it on subscribe', () => {
  const flapping: ChannelScript = {
    onFrame(socket, frame) {
      if (frame.type === 'turn.subscribe') socket.close(1011);
      return undefined;
    },
  };

  it('the turn falls back to REST within the recovery window and ends', async () => {
    const { client, server } = await setup(flapping, completedOverRest);
    await expect(client.chat.resume(TURN_ID).finalMessage()).resolves.toMatchObject({
      content: 'Over REST',
    });
    expect(server.counts.sockets).toBeLessThan(8);
  });

  it('such sockets count as failed attempts: the reconnection delay grows', async () => {
    const attempts: number[] = [];
    const { client, server } = await setup(flapping, undefined, {
      recoveryWindowMs: 60_000,
      reconnectBackoff: (attempt) => {
        attempts.push(attempt);
        return 50 * 2 ** attempt;
      },
    });
    client.chat.resume(TURN_ID);
    // An opened socket would reset the count: the backoff would never be asked (tens of sockets).
    await vi.waitFor(() => expect(attempts.length).toBeGreaterThanOrEqual(3), {
      timeout: 10_000,
      interval: 10,
    });
    expect(attempts.slice(0, 3)).toEqual([1, 2, 3]);
    expect(server.counts.sockets).toBeLessThanOrEqual(attempts.length + 1);
  });
});

it('4401 right after the pong: one token refresh, then closed with unauthorized', async () => {
  let providerCalls = 0;
  const timers = countedTimers();
  const { client } = await setup(
    {
      onFrame(socket, frame) {
        if (frame.type !== 'ping') return undefined;
        socket.send(send({ type: 'pong' }));
        socket.close(4401);
        return true;
      },
    },
    undefined,
    { token: async () => `token-${++providerCalls}` },
    timers,
  );
  const stream = ask(client);
  await expect(stream.finalMessage()).rejects.toMatchObject({ code: 'unauthorized' });
  // No timer of the client left to fire: nothing can ask for a token any more.
  await vi.waitFor(() => expect(timers.live.size).toBe(0), { timeout: 10_000, interval: 10 });
  expect(providerCalls).toBe(2);
  expect(client.connection.state).toBe('closed');
});

describe('close() and offline while the socket is still connecting (default ws)', () => {
  async function neverUpgrading() {
    const http = createServer();
    const held: Socket[] = [];
    const ended = new Set<Socket>();
    http.on('upgrade', (_request, socket: Socket) => {
      held.push(socket); // never answered
      socket.on('end', () => ended.add(socket));
      socket.on('close', () => ended.add(socket));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    servers.push({
      baseUrl,
      counts: { sockets: 0, requests: [] },
      close: async () => {
        for (const socket of held) socket.destroy();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      },
    });
    return { baseUrl, held, ended };
  }

  it('close(): no unlistened error, the stream fails with a PartnerError', async () => {
    const { PartnerAssistantClient } = await import('../../src/index.node.ts');
    const server = await neverUpgrading();
    const client = new PartnerAssistantClient({
      baseUrl: server.baseUrl,
      token: 't',
      lifecycle: false,
    });
    const stream = ask(client);
    await vi.waitFor(() => expect(server.held).toHaveLength(1), { timeout: 10_000, interval: 10 });
    await client.close();
    await expect(stream.finalMessage()).rejects.toThrow(/closed/);
    // The socket is torn down: an unlistened error would have been raised by now.
    await vi.waitFor(() => expect(server.ended.size).toBe(1), { timeout: 10_000, interval: 10 });
  });

  it('offline: no unlistened error, the connection waits suspended', async () => {
    const { PartnerAssistantClient } = await import('../../src/index.node.ts');
    const server = await neverUpgrading();
    let notify: (signal: 'offline') => void = () => {};
    const client = new PartnerAssistantClient({
      baseUrl: server.baseUrl,
      token: 't',
      lifecycle: {
        subscribe: (listener) => {
          notify = listener;
          return () => {};
        },
      },
    });
    closing.push(() => client.close());
    client.connection.connect();
    await vi.waitFor(() => expect(server.held).toHaveLength(1), { timeout: 10_000, interval: 10 });
    notify('offline');
    await vi.waitFor(() => expect(client.connection.state).toBe('suspended'), {
      timeout: 10_000,
      interval: 10,
    });
    await vi.waitFor(() => expect(server.ended.size).toBe(1), { timeout: 10_000, interval: 10 });
  });
});

it("a listener that throws is reported (logger and the connection's error event), never rethrown", async () => {
  const { client, logger } = await setup({
    onFrame(socket, frame) {
      if (frame.type !== 'user.message') return undefined;
      socket.send(send(accepted(1, String(frame.client_message_id))));
      socket.send(send(event('assistant.delta', 2, { text: 'Hi' })));
      socket.send(send(event('assistant.completed', 3, { message: message('Hi') })));
      return true;
    },
  });
  const reported: unknown[] = [];
  client.connection.on('error', (error) => reported.push(error));
  client.connection.on('error', () => {
    throw new Error('an error listener that throws too');
  });
  client.connection.on('statechange', () => {
    throw new Error('statechange listener');
  });
  const stream = ask(client);
  stream.on('delta', () => {
    throw new TypeError('delta listener');
  });
  await expect(stream.finalMessage()).resolves.toMatchObject({ content: 'Hi' });
  expect(reported).toContainEqual(new Error('statechange listener'));
  expect(reported).toContainEqual(new TypeError('delta listener'));
  expect(logger.warnings).toContain('partner-assistant: a listener threw {"error":"TypeError"}');
});

it('chat.resume(turnId).turnId resolves at once, before the server says anything', async () => {
  const { client } = await setup({ onFrame: () => true });
  await expect(client.chat.resume(TURN_ID).turnId).resolves.toBe(TURN_ID);
});

it('a 200 history page of the wrong shape is a typed invalid_response, not a TypeError', async () => {
  const { client } = await setup({}, () => ({ status: 200, body: { messages: { 0: 'x' } } }));
  await expect(client.messages.list(CONVERSATION_ID)).rejects.toMatchObject({
    name: 'PartnerApiError',
    code: 'invalid_response',
    status: 200,
    requestId: '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
  });
});
