import { afterEach, describe, expect, it } from 'vitest';
import type { TokenRequest } from '../tokens/token-provider.ts';
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

function setup() {
  const clock = new FakeClock();
  const { lifecycle, signal } = fakeLifecycle();
  const { connection, tokenCalls } = fakeConnection(clock, { lifecycle });
  const states: ConnectionState[] = [];
  const failures: Error[] = [];
  connection.on('statechange', (state) => states.push(state));
  connection.on('failure', (error) => failures.push(error));
  return { clock, connection, states, failures, tokenCalls, signal };
}

async function connected() {
  const context = setup();
  context.connection.connect();
  await flush();
  FakeSocket.last.accept();
  return context;
}

describe('Connection state machine', () => {
  it('stays idle until used; connects with the subprotocol and a token from the provider; open on the first frame', async () => {
    const { connection, states } = setup();
    expect(connection.state).toBe('idle');
    expect(FakeSocket.instances).toHaveLength(0);
    connection.connect();
    await flush();
    expect(FakeSocket.last.protocols).toEqual(['service.partner.v1', 'token-1']);
    expect(FakeSocket.last.url).not.toContain('token');
    FakeSocket.last.accept(true);
    expect(connection.state).toBe('connecting');
    expect(FakeSocket.last.sent).toEqual([{ type: 'ping' }]);
    FakeSocket.last.receive({ type: 'pong' });
    expect(states).toEqual(['connecting', 'open']);
  });

  it('a dropped open connection retries at once (jitter only); failed attempts back off; then suspended', async () => {
    const { clock, connection, states } = await connected();
    FakeSocket.last.serverClose(1006);
    expect(connection.state).toBe('reconnecting');
    await clock.advance(124);
    expect(FakeSocket.instances).toHaveLength(1);
    await clock.advance(1); // 0.5 × 250 ms of jitter
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.serverClose(1006); // failed to open: the delay grows
    await clock.advance(999);
    expect(FakeSocket.instances).toHaveLength(2);
    await clock.advance(1);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.last.serverClose(1006);
    await clock.advance(2000);
    expect(FakeSocket.instances).toHaveLength(4);
    clock.jump(120_000);
    FakeSocket.last.serverClose(1006);
    expect(connection.state).toBe('suspended');
    await clock.advance(29_999);
    expect(FakeSocket.instances).toHaveLength(4);
    await clock.advance(1);
    expect(FakeSocket.instances).toHaveLength(5);
    FakeSocket.last.accept();
    expect(states.slice(-2)).toEqual(['suspended', 'open']);
  });

  it('tells each retry plan inside its state change, and retrychange after it', async () => {
    const { clock, connection, signal } = await connected();
    const seen: string[] = [];
    connection.on('statechange', (state, { retryInMs }) => seen.push(`${state} ${retryInMs}`));
    connection.on('retrychange', (retryInMs) => seen.push(`retrychange ${retryInMs}`));
    FakeSocket.last.serverClose(1006);
    await clock.advance(125); // the jittered attempt begins
    FakeSocket.last.serverClose(1006); // and fails to open: still reconnecting
    signal('offline');
    signal('online');
    await flush();
    FakeSocket.last.accept();
    expect(seen).toEqual([
      'reconnecting 125',
      'retrychange 125',
      'retrychange undefined',
      'retrychange 1000',
      'suspended undefined',
      'retrychange undefined',
      'open undefined',
    ]);
  });

  it('connect() while waiting to retry tries at once, the backoff kept; offline too', async () => {
    const { clock, connection, signal } = await connected();
    FakeSocket.last.serverClose(1006);
    await clock.advance(250);
    FakeSocket.last.serverClose(1006); // the next attempt is planned in 1 s
    expect(connection.retryInMs).toBe(1000);
    connection.connect();
    await flush();
    expect(FakeSocket.instances).toHaveLength(3);
    expect(connection.retryInMs).toBeUndefined();
    connection.connect(); // a socket is opening: nothing more
    await flush();
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.last.serverClose(1006);
    expect(connection.retryInMs).toBe(2000); // the backoff went on growing
    signal('offline');
    expect(connection.state).toBe('suspended');
    connection.connect();
    await flush();
    expect(FakeSocket.instances).toHaveLength(4);
    FakeSocket.last.accept();
    expect(connection.state).toBe('open');
  });

  it('4401: one fresh token and a reconnection; a second 4401 in a row closes with unauthorized', async () => {
    const { connection, tokenCalls, failures } = await connected();
    FakeSocket.last.serverClose(4401);
    await flush();
    expect(tokenCalls()).toBe(2);
    expect(FakeSocket.last.protocols).toEqual(['service.partner.v1', 'token-2']);
    FakeSocket.last.accept(true);
    FakeSocket.last.serverClose(4401);
    await flush();
    expect(connection.state).toBe('closed');
    expect(tokenCalls()).toBe(2);
    expect(failures[0]).toMatchObject({
      name: 'PartnerApiError',
      status: 401,
      code: 'unauthorized',
    });
  });

  it('4401 right after the pong, again and again: one refresh per minute, then closed with unauthorized', async () => {
    const { connection, tokenCalls, failures } = await connected();
    FakeSocket.last.serverClose(4401);
    await flush();
    FakeSocket.last.accept(); // the pong does not reset the budget
    FakeSocket.last.serverClose(4401);
    await flush();
    expect(tokenCalls()).toBe(2);
    expect(connection.state).toBe('closed');
    expect(failures[0]).toMatchObject({ code: 'unauthorized' });
  });

  it('4401 while the token provider fails: retried with backoff, then the refused token is replaced', async () => {
    const clock = new FakeClock();
    const requests: TokenRequest[] = [];
    const tokens = new TokenSource(
      async (request) => {
        requests.push(request);
        if (requests.length === 2) throw new Error('token route answered 503');
        return `token-${requests.length}`;
      },
      { now: () => clock.now, timeoutMs: 1000, refreshMarginMs: 0 },
    );
    const { connection } = fakeConnection(clock, { tokens });
    connection.connect();
    await flush();
    FakeSocket.last.accept();
    FakeSocket.last.serverClose(4401);
    await flush();
    expect(connection.state).toBe('reconnecting');
    await clock.advance(connection.retryInMs ?? 0);
    await flush();
    expect(FakeSocket.last.protocols).toEqual(['service.partner.v1', 'token-3']);
    FakeSocket.last.accept();
    expect(connection.state).toBe('open');
    expect(requests).toEqual([
      { reason: 'initial' },
      { reason: 'refused', refusedToken: 'token-1' },
      { reason: 'refused', refusedToken: 'token-1' },
    ]);
  });

  it('a token that expires a minute after the last refresh is refreshed again', async () => {
    const { clock, connection, tokenCalls } = await connected();
    FakeSocket.last.serverClose(4401);
    await flush();
    FakeSocket.last.accept();
    await clock.advance(60_000);
    FakeSocket.last.serverClose(4401);
    await flush();
    expect(tokenCalls()).toBe(3);
    expect(connection.state).toBe('reconnecting');
  });

  it.each([
    [4403, 403, 'insufficient_scope'],
    [4400, 400, 'invalid_request'],
  ])('%i: closed, never retried', async (code, status, errorCode) => {
    const { clock, connection, failures } = await connected();
    FakeSocket.last.serverClose(code);
    await clock.advance(600_000);
    expect(connection.state).toBe('closed');
    expect(FakeSocket.instances).toHaveLength(1);
    expect(failures[0]).toMatchObject({ status, code: errorCode });
  });

  it('4429 at the handshake is retried with the growing backoff', async () => {
    const { clock, connection } = await connected();
    FakeSocket.last.serverClose(1006);
    await clock.advance(250);
    FakeSocket.last.accept(true);
    FakeSocket.last.serverClose(4429);
    expect(connection.state).toBe('reconnecting');
    await clock.advance(999);
    expect(FakeSocket.instances).toHaveLength(2);
    await clock.advance(1);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('offline: drops the socket and waits without retrying; online: reconnects at once', async () => {
    const { clock, connection, signal } = await connected();
    signal('offline');
    expect(FakeSocket.instances[0]?.closedWith).toBe(4000);
    expect(connection.state).toBe('suspended');
    await clock.advance(600_000);
    expect(FakeSocket.instances).toHaveLength(1);
    signal('online');
    await flush();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last.accept();
    expect(connection.state).toBe('open');
  });

  it('close(): closes the socket with 1000, clears every timer, and stays closed', async () => {
    const { clock, connection } = await connected();
    const closing = connection.close();
    FakeSocket.last.onclose?.({ code: 1000, reason: '' });
    await closing;
    expect(FakeSocket.last.closedWith).toBe(1000);
    expect(clock.pending).toBe(0);
    connection.connect();
    expect(connection.state).toBe('closed');
  });

  it('skips frames it cannot read and keeps going', async () => {
    const { connection } = await connected();
    const frames: unknown[] = [];
    connection.on('frame', (frame) => frames.push(frame));
    FakeSocket.last.receive('not json');
    FakeSocket.last.receive({ no: 'type' });
    FakeSocket.last.receive({ type: 'assistant.delta', turn_id: 't', seq: 0, text: 'x' });
    FakeSocket.last.receive({ type: 'future.event', anything: 1 });
    FakeSocket.last.receive({ type: 'pong', id: 'p', later: true });
    expect(frames).toEqual([{ type: 'pong', id: 'p', later: true }]);
    expect(connection.state).toBe('open');
  });
});
