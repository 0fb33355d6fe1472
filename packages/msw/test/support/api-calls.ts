import {
  PATH_PREFIX,
  type ServerEvent,
  WEBSOCKET_PATH,
  WEBSOCKET_SUBPROTOCOL,
} from '@partner-assistant/contract';
import type { PartnerAssistantControl } from '../../src/index.ts';

/** What a test keeps of an answer: status, the headers that matter, and the JSON body. */
export interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

/** Credentials of one request: none, an application's (Basic) or a user token (Bearer). */
export type Credentials = { basic: [string, string] } | { bearer: string } | undefined;

const KEPT_HEADERS = ['allow', 'retry-after', 'www-authenticate', 'idempotent-replayed'];

/** Calls the API with plain `fetch`. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { credentials?: Credentials; json?: unknown; body?: string; contentType?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const { credentials } = options;
  if (credentials && 'basic' in credentials)
    headers.Authorization = `Basic ${btoa(credentials.basic.join(':'))}`;
  if (credentials && 'bearer' in credentials)
    headers.Authorization = `Bearer ${credentials.bearer}`;
  const body = options.json === undefined ? options.body : JSON.stringify(options.json);
  if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${baseUrl}${PATH_PREFIX}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(KEPT_HEADERS.map((name) => [name, response.headers.get(name)])),
    body: text ? JSON.parse(text) : null,
  };
}

/** A tenant of its own, and a user token issued with its credentials. */
export async function tenantAndToken(
  baseUrl: string,
  control: PartnerAssistantControl,
  options: Parameters<PartnerAssistantControl['tenants']['create']>[0] = {},
) {
  const tenant = control.tenants.create(options);
  const issued = await call(baseUrl, 'POST', '/tokens', {
    credentials: { basic: [tenant.clientId, tenant.clientSecret] },
    json: { external_user_id: 'user-1', locale: 'en-GB' },
  });
  return { tenant, token: (issued.body as { access_token: string }).access_token };
}

/** An open channel socket and what it received. */
export interface ChannelSocket {
  events: ServerEvent[];
  /** Resolves with the first event (received so far or later) that `match` accepts. */
  next(match: (event: ServerEvent) => boolean): Promise<ServerEvent>;
  send(frame: unknown): void;
  closed: Promise<number>;
  close(): void;
}

/** Opens the channel with plain `WebSocket` (the global, which msw wraps when it listens). */
export function openChannel(baseUrl: string, protocols: string[]): ChannelSocket {
  const socket = new globalThis.WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}${WEBSOCKET_PATH}`,
    protocols,
  );
  const events: ServerEvent[] = [];
  const waiters: Array<() => void> = [];
  socket.onmessage = (message) => {
    events.push(JSON.parse(String(message.data)) as ServerEvent);
    for (const wake of waiters.splice(0)) wake();
  };
  const closed = new Promise<number>((resolve) => {
    socket.onclose = (event) => resolve(event.code);
  });
  const next = async (match: (event: ServerEvent) => boolean) => {
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  const opened = new Promise((resolve) => socket.addEventListener('open', resolve));
  return {
    events,
    next,
    closed,
    send: (frame) => void opened.then(() => socket.send(JSON.stringify(frame))),
    close: () => socket.close(1000),
  };
}

/** The sub-protocols the SDK offers: the channel's, then the token. */
export const channelProtocols = (token: string) => [WEBSOCKET_SUBPROTOCOL, token];

/**
 * Settles `promise` on a manual clock: advances the clock in small steps, letting real I/O happen
 * in between, until the promise settles.
 */
export async function drive<T>(control: PartnerAssistantControl, promise: Promise<T>): Promise<T> {
  let settled = false;
  const done = () => {
    settled = true;
  };
  promise.then(done, done);
  for (let step = 0; step < 400 && !settled; step += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    control.clock.advance(50);
  }
  return promise;
}

/** What a user sees of a streamed answer: the text built from its deltas, and the final message. */
export async function watchAnswer<M>(
  control: PartnerAssistantControl,
  stream: {
    on(event: 'delta', listener: (text: string) => void): unknown;
    finalMessage(): Promise<M>;
  },
): Promise<{ seen: string; message: M }> {
  let seen = '';
  stream.on('delta', (text) => {
    seen += text;
  });
  return { message: await drive(control, stream.finalMessage()), seen };
}

/** The close codes the journal recorded on the channel (of one tenant, with `tenant`). */
export function journaledCloses(control: PartnerAssistantControl, tenant?: string): number[] {
  return control.journal
    .entries({ kind: 'ws', ...(tenant ? { tenant } : {}) })
    .filter((entry) => entry.frameType === 'close')
    .map((entry) => entry.status ?? 0);
}
