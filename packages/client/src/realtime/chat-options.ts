import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { Backoff, PartnerLogger } from '@partner-assistant/sdk-core';
import type { TokenSource } from '../tokens/token-source.ts';
import type { Connection } from './connection.ts';
import type { LifecycleAdapter } from './lifecycle.ts';
import type { Timers, WebSocketConstructor } from './platform.ts';
import type { QuestionKeeper } from './question-keeper.ts';
import type { RecoveryTiming } from './recovery.ts';
import type { RestFollowSettings } from './rest-follow.ts';

/** Input of `client.chat.send`. */
export interface ChatSendInput {
  /** The conversation to ask in. */
  conversationId: string;
  /** The user's question. */
  message: string;
  /** Where the question is asked from (`city`, `commune`, `postal_code`...). */
  location?: Location;
  /** Your app's platform and version, for diagnostics. */
  metadata?: MessageMetadata;
  /**
   * Idempotency key; generated when absent and reused by every resend, so one turn is created.
   * Sending again with the key of a question still followed returns that question's stream.
   */
  clientMessageId?: string;
}

/** Options of the WebSocket channel, part of the client options. */
export interface RealtimeOptions {
  /**
   * The WebSocket constructor, looked up when connecting.
   * @default globalThis.WebSocket (in Node 20, which has none: the `ws` package)
   * @example WebSocket // from 'ws', or undici's
   */
  WebSocket?: WebSocketConstructor;
  /**
   * URL of the channel. Must carry no query string: the token travels in the subprotocol list.
   * @default baseUrl with http→ws, https→wss, plus /api/partners/v1/chat
   * @example 'wss://assistant.example.com/api/partners/v1/chat'
   */
  wsUrl?: string;
  /**
   * Delay before reconnection attempt `attempt` after attempts that failed to open. The first
   * attempt after a working connection dropped starts at once (under 250 ms of jitter).
   * @default exponentialBackoff({ initialDelayMs: 1000, maxDelayMs: 15_000 })
   * @example exponentialBackoff({ initialDelayMs: 500, maxDelayMs: 5000 })
   */
  reconnectBackoff?: Backoff;
  /**
   * Without a working connection for this long, the connection is `suspended` and retries every
   * `suspendedRetryMs`.
   * @default 120_000
   * @example 60_000
   */
  suspendAfterMs?: number;
  /**
   * Wait between attempts while `suspended`.
   * @default 30_000
   * @example 60_000
   */
  suspendedRetryMs?: number;
  /**
   * Quiet time after which the client sends a `ping`.
   * @default 25_000
   * @example 10_000
   */
  heartbeatIntervalMs?: number;
  /**
   * A `ping` unanswered for this long means the socket is dead: it is dropped and replaced.
   * @default 10_000
   * @example 5000
   */
  heartbeatTimeoutMs?: number;
  /**
   * A running turn with no event for this long is resubscribed; a second silence sends it to
   * REST polling. It never hangs.
   * @default 30_000
   * @example 15_000
   */
  streamIdleTimeoutMs?: number;
  /**
   * When the socket cannot come back within this long, unfinished turns are followed over REST
   * (`GET /turns/{id}`) and still deliver their final message.
   * @default 15_000
   * @example 5000
   */
  recoveryWindowMs?: number;
  /**
   * The longest a turn is followed: a turn that has not ended this long after `chat.send()` (or
   * `chat.resume()`), whatever the server says of it, fails its stream with a
   * `PartnerTimeoutError` and is no longer followed (the server may still answer it: the history
   * shows it, and `chat.resume(turnId)` follows it again). `Infinity` follows turns for as long
   * as they take.
   * @default 600_000
   * @example 120_000
   */
  turnTimeoutMs?: number;
  /**
   * Network and foreground signals. `false` listens to none.
   * @default browserLifecycle (window online/offline, document visibilitychange)
   * @example reactNativeLifecycle({ AppState, NetInfo })
   */
  lifecycle?: LifecycleAdapter | false;
}

/** Defaults of {@link RealtimeOptions}. */
export const REALTIME_DEFAULTS = {
  suspendAfterMs: 120_000,
  suspendedRetryMs: 30_000,
  heartbeatIntervalMs: 25_000,
  heartbeatTimeoutMs: 10_000,
  streamIdleTimeoutMs: 30_000,
  recoveryWindowMs: 15_000,
  turnTimeoutMs: 600_000,
  firstRetryJitterMs: 250,
} as const;

/** What the chat needs besides the connection. */
export interface ChatSettings extends RecoveryTiming, RestFollowSettings {
  connection: Connection;
  /** The connection's token source: a signed-out user's streams fail at once. */
  tokens: Pick<TokenSource, 'signedOut'>;
  /** Told of each turn recovered, at `debug`. */
  logger: PartnerLogger | undefined;
  timers: Timers;
  now: () => number;
  validate: boolean;
  /** Told of each question written, accepted or refused. @default none: memory only */
  keeper?: QuestionKeeper | undefined;
}
