import { MAX_TIMER_DELAY_MS } from '@partner-assistant/sdk-core/internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerAssistantClient } from '../partner-assistant-client.ts';
import {
  FakeClock,
  FakeSocket,
  fakeConnection,
  fakeLifecycle,
  flush,
} from './fake-platform.test-support.ts';

afterEach(() => {
  FakeSocket.instances.length = 0;
  vi.useRealTimers();
});

const pings = (socket: FakeSocket) => socket.sent.filter((frame) => frame.type === 'ping').length;

/** Timers as the platforms have them: a delay beyond 2^31 − 1 ms (or `Infinity`) fires after 1 ms. */
class PlatformClock extends FakeClock {
  /** Timers that fired. */
  fired = 0;

  override setTimeout(callback: () => void, ms: number): unknown {
    const delay = ms > MAX_TIMER_DELAY_MS || !(ms >= 0) ? 1 : ms;
    return super.setTimeout(() => {
      this.fired++;
      callback();
    }, delay);
  }
}

describe('the wall clock moving', () => {
  /** A client on the fake monotonic clock, the wall clock (Date) faked apart. */
  async function openClient() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    const clock = new FakeClock();
    const client = new PartnerAssistantClient(
      {
        baseUrl: 'https://assistant.example.com',
        token: 'pat_test',
        WebSocket: FakeSocket,
        lifecycle: false,
        reconnectBackoff: () => 1000,
      },
      { fallbackWebSocket: undefined, timers: clock },
    );
    client.connection.connect();
    await flush();
    FakeSocket.last.accept();
    return { clock, client, socket: FakeSocket.last };
  }

  it('going back an hour: the heartbeat still pings, and the countdown says 1 s, not 3,600', async () => {
    const { clock, client, socket } = await openClient();
    vi.setSystemTime(Date.now() - 3_600_000);
    await clock.advance(25_000);
    expect(pings(socket)).toBe(2);
    await clock.advance(10_000); // unanswered: dropped
    expect(client.connection.state).toBe('reconnecting');
    expect(client.connection.retryInMs).toBeLessThanOrEqual(1000);
  });

  it('going forward an hour: nothing fires before its time', async () => {
    const { clock, client, socket } = await openClient();
    vi.setSystemTime(Date.now() + 3_600_000);
    await clock.advance(24_000);
    expect(pings(socket)).toBe(1);
    expect(client.connection.state).toBe('open');
    socket.serverClose(1011);
    vi.setSystemTime(Date.now() + 3_600_000);
    expect(client.connection.retryInMs).toBeGreaterThan(0);
  });
});

describe('timer options beyond setTimeout range', () => {
  it.each([
    ['heartbeatIntervalMs', { heartbeatIntervalMs: Infinity }],
    ['heartbeatTimeoutMs', { heartbeatIntervalMs: 1, heartbeatTimeoutMs: Infinity }],
  ] as const)('%s = Infinity: the open socket is kept', async (_, overrides) => {
    const clock = new PlatformClock();
    const { connection } = fakeConnection(clock, overrides);
    connection.connect();
    await flush();
    FakeSocket.last.accept();
    const fired = clock.fired;
    await clock.advance(1000);
    expect(connection.state).toBe('open');
    expect(FakeSocket.instances).toHaveLength(1);
    expect(clock.fired - fired).toBeLessThanOrEqual(1);
  });

  it.each([
    ['reconnect delays', { reconnectBackoff: () => Infinity }],
    ['suspendedRetryMs', { suspendAfterMs: 0, suspendedRetryMs: Infinity }],
  ] as const)('%s = Infinity: no hot loop of attempts', async (_, policy) => {
    const clock = new PlatformClock();
    const { connection } = fakeConnection(clock, policy);
    connection.connect();
    await flush();
    for (let i = 0; i < 50 && FakeSocket.instances.length < 20; i++) {
      FakeSocket.last.serverClose(1006);
      await clock.advance(10);
    }
    expect(FakeSocket.instances.length).toBeLessThanOrEqual(2);
  });
});

describe('a server that accepts, answers the ping and crashes', () => {
  // The first attempt's retry is the jitter (125 ms here); then 1 s, 2 s, 3 s...
  it('is retried with growing delays: a handful of attempts a minute, not hundreds', async () => {
    const clock = new FakeClock();
    const { connection } = fakeConnection(clock);
    const delays: number[] = [];
    connection.on('retrychange', (ms) => ms !== undefined && delays.push(ms));
    connection.connect();
    await flush();
    for (let t = 0; t < 60_000; t += 50) {
      const socket = FakeSocket.last;
      if (socket.readyState === 0) {
        socket.accept();
        socket.serverClose(1006);
      }
      await clock.advance(50);
    }
    expect(FakeSocket.instances.length).toBeLessThanOrEqual(12);
    expect(delays.slice(1, 4)).toEqual([1000, 2000, 3000]);
  });
});

describe('the heartbeat', () => {
  /** An open connection, and the lifecycle signals it listens to. */
  async function connected() {
    const clock = new FakeClock();
    const { lifecycle, signal } = fakeLifecycle();
    const { connection } = fakeConnection(clock, { lifecycle });
    connection.connect();
    await flush();
    FakeSocket.last.accept();
    return { clock, connection, signal };
  }

  it('heartbeat: a ping after 25 s of silence; no answer within 10 s drops the socket and reconnects', async () => {
    const { clock } = await connected();
    const socket = FakeSocket.last;
    socket.sent.length = 0;
    await clock.advance(25_000);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
    await clock.advance(9_999);
    expect(socket.closedWith).toBeUndefined();
    await clock.advance(1);
    expect(socket.closedWith).toBe(4000);
    await clock.advance(250);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('a ping sent before the device slept is found unanswered on wake-up, by the wall clock', async () => {
    const { clock, signal } = await connected();
    await clock.advance(25_000); // ping out
    clock.jump(3_600_000); // asleep: no timer ran
    signal('foreground');
    expect(FakeSocket.instances[0]?.closedWith).toBe(4000);
  });

  it('an answered probe on wake-up keeps the socket', async () => {
    const { clock, signal, connection } = await connected();
    clock.jump(3_600_000);
    signal('foreground');
    expect(FakeSocket.last.sent.at(-1)).toEqual({ type: 'ping' });
    FakeSocket.last.receive({ type: 'pong' });
    await clock.advance(10_000);
    expect(connection.state).toBe('open');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('pings next heartbeatIntervalMs after the pong, not after the timeout', async () => {
    const { clock } = await connected();
    const socket = FakeSocket.last;
    await clock.advance(25_000);
    expect(pings(socket)).toBe(2);
    await clock.advance(5_000);
    socket.receive({ type: 'pong' }); // at 30 s
    await clock.advance(24_999);
    expect(pings(socket)).toBe(2);
    await clock.advance(1);
    expect(pings(socket)).toBe(3);
  });
});
