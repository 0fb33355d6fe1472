import { WEBSOCKET_PATH } from '@partner-assistant/contract';
import WebSocket from 'ws';
import { RuleFailure } from './rule-outcome.ts';

/** A received event, as parsed JSON (checked by the rules with the contract's schemas). */
export type ReceivedEvent = { type?: unknown; [field: string]: unknown };

/** How the socket ended: its close code, or a refused handshake's HTTP status. */
export interface ChannelEnd {
  code: number;
  /** Set when the server refused the handshake over HTTP instead of closing the socket. */
  httpStatus?: number;
}

/** One WebSocket connection of a rule, recording what it receives. */
export interface Channel {
  /** Every event received, in order. */
  readonly events: ReceivedEvent[];
  /** The sub-protocol the server selected once open. */
  readonly protocol: string;
  /** Resolves when the handshake completes; rejects (a rule failure) when it does not. */
  readonly opened: Promise<void>;
  /** Resolves when the connection ends, however it ends. */
  readonly ended: Promise<ChannelEnd>;
  send(frame: unknown): void;
  /** The first event from `from` on that satisfies `predicate`; fails after the timeout. */
  waitFor(
    predicate: (event: ReceivedEvent) => boolean,
    what: string,
    from?: number,
  ): Promise<ReceivedEvent>;
  close(): void;
}

/** Options of {@link openChannel}. */
export interface OpenChannelOptions {
  wsUrl: string;
  /** The requested sub-protocols (`service.partner.v1` and the token, for a valid handshake). */
  protocols: string[];
  /** Appended to the channel URL (`?access_token=…`). */
  query?: string;
  timeoutMs: number;
}

/** Opens the channel with `ws`. */
export function openChannel(options: OpenChannelOptions): Channel {
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const url = `${options.wsUrl}${WEBSOCKET_PATH}${options.query ?? ''}`;
  const socket = new WebSocket(url, options.protocols, { handshakeTimeout: options.timeoutMs });
  let httpStatus: number | undefined;
  socket.on('unexpected-response', (_request, response) => {
    httpStatus = response.statusCode;
    response.resume();
    socket.terminate();
  });
  socket.on('error', () => {});
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    try {
      const event = JSON.parse(data.toString()) as unknown;
      if (event && typeof event === 'object') events.push(event as ReceivedEvent);
    } catch {
      events.push({ type: '(not JSON)' });
    }
    for (const wake of waiters) wake();
  });
  const ended = new Promise<ChannelEnd>((resolve) => {
    socket.once('close', (code) => {
      resolve(httpStatus === undefined ? { code } : { code, httpStatus });
      for (const wake of waiters) wake();
    });
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    void ended.then(({ code, httpStatus: status }) =>
      reject(
        new RuleFailure(
          `the WebSocket handshake failed (${status ? `HTTP ${status}` : `close ${code}`})`,
        ),
      ),
    );
  });
  opened.catch(() => {});
  const waitFor: Channel['waitFor'] = (predicate, what, from = 0) =>
    new Promise((resolve, reject) => {
      const look = () => {
        const found = events.slice(from).find(predicate);
        if (found) return done(() => resolve(found));
        if (socket.readyState === WebSocket.CLOSED)
          return done(() =>
            reject(new RuleFailure(`the socket closed before ${what} (${received()})`)),
          );
      };
      const timer = setTimeout(
        () =>
          done(() =>
            reject(new RuleFailure(`no ${what} within ${options.timeoutMs} ms (${received()})`)),
          ),
        options.timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(look);
        settle();
      };
      waiters.add(look);
      look();
    });
  const received = () =>
    events.length
      ? `received: ${events.map((event) => String(event.type)).join(', ')}`
      : 'nothing received';
  return {
    events,
    get protocol() {
      return socket.protocol;
    },
    opened,
    ended,
    send: (frame) => socket.send(JSON.stringify(frame)),
    waitFor,
    close: () => socket.close(1000),
  };
}
