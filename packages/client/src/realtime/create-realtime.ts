import { WEBSOCKET_PATH } from '@partner-assistant/contract/constants';
import {
  exponentialBackoff,
  PartnerConfigurationError,
  type PartnerLogger,
} from '@partner-assistant/sdk-core';
import type { ResolvedTransport } from '@partner-assistant/sdk-core/internal';
import type { MessagesResource } from '../resources/messages.ts';
import type { TurnsResource } from '../resources/turns.ts';
import type { TokenSource } from '../tokens/token-source.ts';
import { ChatResource } from './chat.ts';
import { REALTIME_DEFAULTS, type RealtimeOptions } from './chat-options.ts';
import { Connection } from './connection.ts';
import { browserLifecycle } from './lifecycle.ts';
import { systemTimers, type Timers, type WebSocketConstructor } from './platform.ts';
import type { QuestionJournal } from './question-journal.ts'; // journal:

/** What the client hands to the realtime part. */
export interface RealtimeContext {
  apiUrl: string;
  tokens: TokenSource;
  transport: ResolvedTransport;
  messages: MessagesResource;
  turns: TurnsResource;
  validate: boolean;
  logger: PartnerLogger | undefined;
  /** Used when `WebSocket` is not given and the runtime has no global one (Node 20: `ws`). */
  fallbackWebSocket: (() => WebSocketConstructor | undefined) | undefined;
  timers?: Timers;
  journal?: QuestionJournal | undefined; // journal:
}

/** The channel URL: `wsUrl`, or the API URL with a ws scheme; a query string is refused. */
export function channelUrlOf(options: RealtimeOptions, apiUrl: string): string {
  const url =
    options.wsUrl ??
    `${apiUrl.replace(/^http/, 'ws')}${WEBSOCKET_PATH.slice(WEBSOCKET_PATH.lastIndexOf('/'))}`;
  if (!/^wss?:\/\/[^?#]+$/.test(url)) {
    throw new PartnerConfigurationError(
      '`wsUrl` must be a ws:// or wss:// URL without query or fragment (the token never travels in a URL)',
    );
  }
  return url;
}

/** Builds the connection and the chat from the client's options. */
export function createRealtime(options: RealtimeOptions, context: RealtimeContext) {
  const { transport, tokens, logger } = context;
  const timers = context.timers ?? systemTimers;
  const given = options.WebSocket;
  const connection = new Connection({
    url: channelUrlOf(options, context.apiUrl),
    WebSocket: () =>
      given ??
      (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ??
      context.fallbackWebSocket?.(),
    tokens,
    timers,
    now: transport.now,
    policy: {
      backoff:
        options.reconnectBackoff ??
        exponentialBackoff({ initialDelayMs: 1000, maxDelayMs: 15_000 }),
      firstRetryJitterMs: REALTIME_DEFAULTS.firstRetryJitterMs,
      suspendAfterMs: options.suspendAfterMs ?? REALTIME_DEFAULTS.suspendAfterMs,
      suspendedRetryMs: options.suspendedRetryMs ?? REALTIME_DEFAULTS.suspendedRetryMs,
      random: Math.random,
    },
    heartbeat: {
      intervalMs: options.heartbeatIntervalMs ?? REALTIME_DEFAULTS.heartbeatIntervalMs,
      timeoutMs: options.heartbeatTimeoutMs ?? REALTIME_DEFAULTS.heartbeatTimeoutMs,
    },
    lifecycle: options.lifecycle === false ? undefined : (options.lifecycle ?? browserLifecycle),
    logger,
  });
  const chat = new ChatResource({
    connection,
    messages: context.messages,
    turns: context.turns,
    timers,
    now: transport.now,
    validate: context.validate,
    journal: context.journal, // journal:
    streamIdleTimeoutMs: options.streamIdleTimeoutMs ?? REALTIME_DEFAULTS.streamIdleTimeoutMs,
    recoveryWindowMs: options.recoveryWindowMs ?? REALTIME_DEFAULTS.recoveryWindowMs,
    turnTimeoutMs: options.turnTimeoutMs ?? REALTIME_DEFAULTS.turnTimeoutMs,
    backoff: transport.retry.backoff,
    maxRetries: transport.retry.maxRetries,
    sleep: transport.retry.sleep,
  });
  return { connection, chat };
}
