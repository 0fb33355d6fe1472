import { afterEach, describe, expect, it } from 'vitest';
import { TokenSource } from '../tokens/token-source.ts';
import type { ConnectionState } from './connection.ts';
import {
  FakeClock,
  FakeSocket,
  fakeConnection,
  fakeLifecycle,
  flush,
} from './fake-platform.test-support.ts';

afterEach(() => {
  FakeSocket.instances.length = 0;
});

/** A connection whose token provider answers only when the test says so (after the first). */
function withSlowTokens() {
  const clock = new FakeClock();
  let calls = 0;
  const waiting: (() => void)[] = [];
  // Each token lives 10 s: every attempt after the first asks the provider again.
  const tokens = new TokenSource(
    () => {
      calls++;
      const token = { access_token: `token-${calls}`, expires_in: 10 };
      if (calls === 1) return Promise.resolve(token);
      return new Promise<typeof token>((resolve) => waiting.push(() => resolve(token)));
    },
    { now: () => clock.now, timeoutMs: 60_000, refreshMarginMs: 0 },
  );
  const { lifecycle, signal } = fakeLifecycle();
  const { connection } = fakeConnection(clock, { tokens, lifecycle });
  const answer = async () => {
    await flush();
    for (const resolve of waiting.splice(0)) resolve();
    await flush();
  };
  return { clock, connection, answer, signal };
}

/** Connected for 20 s (a working connection), then the socket lost: a retry is planned. */
async function lostAfterWorking() {
  const context = withSlowTokens();
  context.connection.connect();
  await flush();
  FakeSocket.last.accept();
  await context.clock.advance(20_000);
  FakeSocket.last.serverClose(1006);
  return context;
}

/** Connected once, the socket lost, and the next attempt waiting for its token. */
async function waitingForToken() {
  const context = await lostAfterWorking();
  await context.clock.advance(1000); // the retry falls due: its token is asked for
  expect(FakeSocket.instances).toHaveLength(1);
  return context;
}

const live = () => FakeSocket.instances.filter((socket) => socket.readyState < 2);

describe('one opening at a time', () => {
  it('"Try again" (connect) while the attempt waits for its token opens no second socket', async () => {
    const { clock, connection, answer } = await waitingForToken();
    connection.connect();
    connection.connect();
    await answer();
    expect(FakeSocket.instances).toHaveLength(2);
    const closing = connection.close();
    await clock.advance(250); // the closing handshake is not answered: terminated
    await closing;
    expect(live()).toEqual([]);
  });

  it('online and foreground together while reconnecting open one socket', async () => {
    const context = await lostAfterWorking();
    context.signal('online');
    context.signal('foreground');
    context.connection.send({ type: 'turn.subscribe' });
    await context.answer();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('close() while the attempt waits for its token: no socket opens, nothing is left to run', async () => {
    const { clock, connection, answer } = await waitingForToken();
    connection.connect();
    await connection.close();
    await answer();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(live()).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});

describe('close() from a listener', () => {
  it('delivers nothing more: not the rest of the delivery, no error, no later event', async () => {
    const clock = new FakeClock();
    const { connection } = fakeConnection(clock);
    const seen: string[] = [];
    const states: ConnectionState[] = [];
    connection.connect();
    await flush();
    const socket = FakeSocket.last;
    socket.accept();
    connection.on('frame', (event) => {
      seen.push(`first ${event.type}`);
      void connection.close();
    });
    connection.on('frame', (event) => seen.push(`second ${event.type}`));
    connection.on('error', () => seen.push('error'));
    connection.on('failure', () => seen.push('failure'));
    connection.on('statechange', (state) => states.push(state));
    connection.on('retrychange', () => seen.push('retrychange'));
    socket.receive({ type: 'pong' });
    socket.receive({ type: 'pong' });
    socket.serverClose(1011);
    await clock.advance(60_000);
    expect(seen).toEqual(['first pong']);
    expect(states.at(-1)).toBe('closed');
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
