import { PartnerConfigurationError } from '@partner-assistant/sdk-core';
import { apiUrlOf, resolveTransport } from '@partner-assistant/sdk-core/internal';
import {
  PARTNER_ASSISTANT_CLIENT_DEFAULTS as DEFAULTS,
  type PartnerAssistantClientOptions,
} from './client-options.ts';
import { createApiCaller } from './internal/api-caller.ts';
import { type KeptQuestions, NO_KEPT_QUESTIONS } from './outbox/outbox-types.ts';
import type { ChatResource } from './realtime/chat.ts';
import type { ClientConnection } from './realtime/client-connection.ts';
import { createRealtime, type RealtimeContext } from './realtime/create-realtime.ts';
import { CapabilitiesResource } from './resources/capabilities.ts';
import { ConversationsResource } from './resources/conversations.ts';
import { FeedbackResource } from './resources/feedback.ts';
import { MessagesResource } from './resources/messages.ts';
import { TurnsResource } from './resources/turns.ts';
import { TokenSource } from './tokens/token-source.ts';

const BEARER = 'Bearer ';

/** Every public field of the client, which its constructor assigns. */
type PublicParts = Omit<PartnerAssistantClient, 'close' | 'toJSON'>;

/**
 * The Partner Assistant API as seen from a partner's web or mobile app, with a user token from
 * your backend. Runs in browsers, React Native and Node 20+.
 *
 * @example
 * ```ts
 * const client = new PartnerAssistantClient({
 *   baseUrl: 'https://assistant.example.com',
 *   token: async () => (await fetch('/assistant/token', { method: 'POST' })).json(),
 * });
 * const { conversation_id } = await client.conversations.create({ title: 'Passport' });
 * ```
 */
export class PartnerAssistantClient {
  // The public parts are declared only: the constructor assigns them all at once, from an object
  // the type checker holds to `PublicParts` (so none can be left out).
  /** API base URL, with the version prefix. */
  declare readonly apiUrl: string;
  /** What the calling application may do. */
  declare readonly capabilities: CapabilitiesResource;
  /** Create, rename and delete conversations. */
  declare readonly conversations: ConversationsResource;
  /** Send questions over REST and read the history. */
  declare readonly messages: MessagesResource;
  /** Read, await and delete turns. */
  declare readonly turns: TurnsResource;
  /** Rate answers. */
  declare readonly feedback: FeedbackResource;
  /** Questions and streamed answers over the WebSocket. */
  declare readonly chat: ChatResource;
  /** The WebSocket's state. */
  declare readonly connection: ClientConnection;
  /** The questions not yet accepted by the API: kept with the `outbox` option, else none. */
  declare readonly outbox: KeptQuestions;
  /** Closes the outbox, the chat and the WebSocket, in that order. */
  readonly #close: () => Promise<void>;

  /** @throws {PartnerConfigurationError} On a missing or malformed option. */
  constructor(
    options: PartnerAssistantClientOptions,
    /** @internal Platform defaults of a runtime-specific build. */
    platform: Pick<RealtimeContext, 'fallbackWebSocket' | 'timers'> = {
      fallbackWebSocket: undefined,
    },
  ) {
    if (typeof options !== 'object' || options === null) {
      throw new PartnerConfigurationError('Pass the client options: { baseUrl, token }');
    }
    const { token, logger, outbox } = options;
    const apiUrl = apiUrlOf(options.baseUrl);
    const transport = resolveTransport(options);
    if (typeof token !== 'function' && (typeof token !== 'string' || token === '')) {
      throw new PartnerConfigurationError('`token` must be a non-empty string or a function');
    }
    const tokens = new TokenSource(token, {
      now: transport.now,
      timeoutMs: options.tokenTimeoutMs ?? DEFAULTS.tokenTimeoutMs,
      refreshMarginMs: options.tokenRefreshMarginMs ?? DEFAULTS.tokenRefreshMarginMs,
    });
    const validate = options.validateInput ?? DEFAULTS.validateInput;
    const api = createApiCaller(
      {
        apiUrl,
        transport,
        logger,
        authorization: async (signal) => BEARER + (await tokens.get(signal)),
        reauthorize: async (rejected, signal) => {
          const fresh = await tokens.refresh(rejected.slice(BEARER.length), signal);
          return fresh && BEARER + fresh;
        },
      },
      validate,
    );
    const messages = new MessagesResource(api);
    const turns = new TurnsResource(api, transport.retry.sleep);
    const { chat, connection } = createRealtime(options, {
      ...platform,
      apiUrl,
      tokens,
      transport,
      messages,
      turns,
      validate,
      logger,
      keeper: outbox,
    });
    const parts: PublicParts = {
      apiUrl,
      capabilities: new CapabilitiesResource(api),
      conversations: new ConversationsResource(api),
      messages,
      turns,
      feedback: new FeedbackResource(api),
      chat,
      connection,
      outbox: outbox ?? NO_KEPT_QUESTIONS,
    };
    Object.assign(this, parts);
    // The outbox runs on the connection's timers and the client's clock.
    outbox?.attach({
      ...platform,
      chat,
      connection,
      report: connection.reportListenerError,
      now: transport.now,
    });
    this.#close = () => {
      outbox?.close();
      chat.close();
      return connection.close();
    };
  }

  /**
   * Closes the WebSocket and clears every timer. Streams still running fail with a `PartnerError`
   * (questions kept by the outbox stay kept); nothing that already settled changes. The client
   * cannot be used afterwards.
   * @example
   * ```ts
   * useEffect(() => () => void client.close(), []);
   * ```
   */
  close(): Promise<void> {
    return this.#close();
  }

  /** What `JSON.stringify` shows: no token. */
  toJSON(): Record<string, unknown> {
    return { name: 'PartnerAssistantClient', apiUrl: this.apiUrl };
  }
}
