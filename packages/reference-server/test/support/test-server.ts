import { PATH_PREFIX, WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import type { EngineClock, TenantCredentials, TenantOptions } from '../../src/index.ts';
import { type RunningReferenceServer, startReferenceServer, systemClock } from '../../src/index.ts';

/** Processing time used by socket-level tests: short, but long enough to observe `running`. */
export const TEST_PROCESSING_MS = 60;

/** A configuration for tests: one partner with a full and a read-only application. */
export const TEST_CONFIG = {
  partners: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Acme',
      applications: [
        {
          client_id: 'acme-sbx',
          client_secret: 's3cret',
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['administrative_procedures', 'local_life'],
          locales: ['fr-FR', 'en-GB'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 600,
            concurrent_turns: 4,
            daily_messages: 5000,
          },
          token_ttl_seconds: 900,
        },
      ],
    },
  ],
  assistant: { processing_ms: TEST_PROCESSING_MS },
  queue: { capacity: 1000 },
};

/** A clock whose time can jump ahead (timers stay real). */
export function offsetClock(): { clock: EngineClock; advance(ms: number): void } {
  let offset = 0;
  return {
    clock: { ...systemClock, now: () => Date.now() + offset },
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** Starts a test server on a free loopback port. */
export function startTestServer(
  options: { config?: unknown; clock?: EngineClock; logger?: Logger } = {},
): Promise<RunningReferenceServer> {
  return startReferenceServer({
    config: options.config ?? TEST_CONFIG,
    port: 0,
    host: '127.0.0.1',
    ...options,
  });
}

/** A JSON answer of the server. */
export interface JsonReply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields.
  body: any;
}

/** Calls the REST API. `body` is sent as JSON unless it is a string. */
export async function call(
  server: RunningReferenceServer,
  method: string,
  path: string,
  options: {
    token?: string;
    basic?: [string, string];
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.basic)
    headers.authorization = `Basic ${Buffer.from(options.basic.join(':')).toString('base64')}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${server.url}${PATH_PREFIX}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** A user session: tenant credentials, a token and a conversation. */
export interface UserSession {
  tenant: TenantCredentials;
  token: string;
  userId: string;
  conversationId: string;
}

/** Creates a fresh tenant, issues a token for `externalUserId` and opens a conversation. */
export async function newUserSession(
  server: RunningReferenceServer,
  options: {
    tenant?: TenantCredentials;
    tenantOptions?: TenantOptions;
    externalUserId?: string;
    locale?: string;
  } = {},
): Promise<UserSession> {
  const tenant = options.tenant ?? server.control.tenants.create(options.tenantOptions);
  const issued = await call(server, 'POST', '/tokens', {
    basic: [tenant.clientId, tenant.clientSecret],
    body: {
      external_user_id: options.externalUserId ?? 'user-1',
      ...(options.locale ? { locale: options.locale } : {}),
    },
  });
  if (issued.status !== 200)
    throw new Error(`token issuance failed: ${JSON.stringify(issued.body)}`);
  const token: string = issued.body.access_token;
  const created = await call(server, 'POST', '/conversations', { token, body: {} });
  return {
    tenant,
    token,
    userId: issued.body.user.id,
    conversationId: created.body.conversation_id,
  };
}

/** Sends `message` in the session's conversation under `clientMessageId`; resolves with its turn id. */
export async function sendMessage(
  server: RunningReferenceServer,
  session: UserSession,
  clientMessageId: string,
  message: string,
): Promise<string> {
  const reply = await call(server, 'POST', `/conversations/${session.conversationId}/messages`, {
    token: session.token,
    body: { client_message_id: clientMessageId, message },
  });
  return reply.body.turn_id as string;
}

/** The status of `turnId`, as the session's user reads it. */
export async function turnStatus(
  server: RunningReferenceServer,
  session: UserSession,
  turnId: string,
): Promise<string> {
  return (await call(server, 'GET', `/turns/${turnId}`, { token: session.token })).body.status;
}

/** Waits until `predicate` holds, polling. */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A WebSocket client that records every event and its close code. */
export interface RecordingSocket {
  socket: WebSocket;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary event fields.
  events: any[];
  closeCode: number | undefined;
  opened: Promise<void>;
  closed: Promise<number>;
  send(frame: unknown): void;
}

/** Opens a socket with `protocols` (default: the sub-protocol and `token`). */
export function openSocket(
  server: RunningReferenceServer,
  options: { token?: string; protocols?: string[]; path?: string } = {},
): RecordingSocket {
  const protocols = options.protocols ?? [
    WEBSOCKET_SUBPROTOCOL,
    ...(options.token ? [options.token] : []),
  ];
  const socket = new WebSocket(`${server.wsUrl}${options.path ?? WEBSOCKET_PATH}`, protocols);
  const recording: RecordingSocket = {
    socket,
    events: [],
    closeCode: undefined,
    opened: new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    closed: new Promise((resolve) => {
      socket.once('close', (code) => {
        recording.closeCode = code;
        resolve(code);
      });
    }),
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
  socket.on('error', () => {});
  socket.on('message', (data) => recording.events.push(JSON.parse(data.toString())));
  return recording;
}
