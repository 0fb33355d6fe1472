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
import { monotonicNow, systemTimers, type Timers, type WebSocketConstructor } from './platform.ts';
import type { QuestionKeeper } from './question-keeper.ts';

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
  /** Told of the questions the chat sends (a durable outbox). @default none: memory only */
  keeper?: QuestionKeeper;
}

/** The channel URL: `wsUrl`, or the API URL with a ws scheme; a query string is refused. */
export function channelUrlOf(options: RealtimeOptions, apiUrl: string): string {
  const url =
    options.wsUrl ??
    `${apiUrl.replace(/^http/, 'ws')}${WEBSOCKET_PATH.slice(WEBSOCKET_PATH.lastIndexOf('/'))}`;
  if (!/^wss?:\/\/[^?#]+$/.test(url)) {
    throw new PartnerConfigurationError(
      '`wsUrl` must be a ws:// or wss:// URL without query or fragment',
    );
  }
  return url;
}

/** Builds the connection and the chat from the client's options. */
export function createRealtime(options: RealtimeOptions, context: RealtimeContext) {
  const { transport } = context;
  const timers = context.timers ?? systemTimers;
  const given = options.WebSocket;
  // Each of REALTIME_DEFAULTS, or the option that replaces it.
  const timing = Object.fromEntries(
    Object.entries(REALTIME_DEFAULTS).map(([key, value]) => [
      key,
      options[key as keyof RealtimeOptions] ?? value,
    ]),
  ) as Record<keyof typeof REALTIME_DEFAULTS, number>;
  const settings = { ...context, ...timing, timers };
  const connection = new Connection({
    ...settings,
    url: channelUrlOf(options, context.apiUrl),
    WebSocket: () =>
      given ??
      (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ??
      context.fallbackWebSocket?.(),
    now: timers.clock ?? monotonicNow,
    reconnectBackoff:
      options.reconnectBackoff ?? exponentialBackoff({ initialDelayMs: 1000, maxDelayMs: 15_000 }),
    random: Math.random,
    lifecycle: options.lifecycle === false ? undefined : (options.lifecycle ?? browserLifecycle),
  });
  const chat = new ChatResource({
    ...settings,
    ...transport.retry,
    connection,
    now: transport.now,
  });
  return { connection, chat };
}
