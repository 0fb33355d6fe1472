/** A fake clock, fake timers and a fake WebSocket, for the realtime unit tests. */
import { TokenSource } from '../tokens/token-source.ts';
import { Connection, type ConnectionSettings } from './connection.ts';
import type { LifecycleAdapter, LifecycleSignal } from './lifecycle.ts';
import type { Timers, WebSocketLike } from './platform.ts';

/** Timers that run only when the test advances the clock. */
export class FakeClock implements Timers {
  now = 0;
  /** The monotonic clock of these timers. */
  readonly clock = (): number => this.now;
  #next = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Pending timers. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time on, running every timer that falls due, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
      await flush();
    }
    this.now = end;
    await flush();
  }

  /** Moves time on without running timers (a frozen laptop). */
  jump(ms: number): void {
    this.now += ms;
  }
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A socket the test drives: open it, feed it frames, close it from the server's side. */
export class FakeSocket implements WebSocketLike {
  static readonly instances: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeSocket.instances.push(this);
  }

  static get last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The handshake completed, and (unless `silent`) the server answered the first ping. */
  accept(silent = false): void {
    this.readyState = 1;
    this.onopen?.({});
    if (!silent) this.receive({ type: 'pong' });
  }

  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

/** A lifecycle the test drives: `signal` tells the subscribed connection. */
export function fakeLifecycle() {
  let notify: (signal: LifecycleSignal) => void = () => {};
  const lifecycle: LifecycleAdapter = {
    subscribe: (listener) => {
      notify = listener;
      return () => {};
    },
  };
  return { lifecycle, signal: (signal: LifecycleSignal) => notify(signal) };
}

/** A token source whose provider hands out `token-1`, `token-2`, ... */
export function countingTokens(clock: FakeClock) {
  let calls = 0;
  const tokens = new TokenSource(async () => `token-${++calls}`, {
    now: () => clock.now,
    timeoutMs: 1000,
    refreshMarginMs: 0,
  });
  return { tokens, calls: () => calls };
}

/**
 * A connection on the fake clock and sockets: first retry after 125 ms of jitter, then 1 s, 2 s...
 * (`attempt` × 1 s), suspended after 2 min, heartbeat 25 s / 10 s, no lifecycle unless given.
 */
export function fakeConnection(clock: FakeClock, overrides: Partial<ConnectionSettings> = {}) {
  const { tokens, calls } = countingTokens(clock);
  const connection = new Connection({
    url: 'wss://assistant.example.com/api/partners/v1/chat',
    WebSocket: () => FakeSocket,
    tokens,
    timers: clock,
    now: () => clock.now,
    reconnectBackoff: (attempt) => attempt * 1000,
    firstRetryJitterMs: 250,
    suspendAfterMs: 120_000,
    suspendedRetryMs: 30_000,
    random: () => 0.5,
    heartbeatIntervalMs: 25_000,
    heartbeatTimeoutMs: 10_000,
    lifecycle: undefined,
    logger: undefined,
    ...overrides,
  });
  return { connection, tokens: overrides.tokens ?? tokens, tokenCalls: calls };
}
