import type { PartnerApiError } from '@partner-assistant/sdk-core';
import type { ChatResource } from '../realtime/chat.ts';
import type { ClientConnection } from '../realtime/client-connection.ts';
import type { Timers } from '../realtime/platform.ts';
import type { QuestionKeeper } from '../realtime/question-keeper.ts';
import type { TurnStream } from '../realtime/turn-stream.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/** Listeners of `client.outbox`, by event name. */
export interface OutboxEvents extends Record<string, unknown[]> {
  /**
   * The API accepted a kept question's turn (once per entry in this app; another process sharing
   * the store without Web Locks may send it too, and emit its own); `stream` follows its answer.
   */
  sent: [entry: OutboxEntry, stream: TurnStream];
  /** The API refused a kept question for good (`400`, `404`, `409`, `422`): it was removed. */
  failed: [entry: OutboxEntry, error: PartnerApiError];
  /** The storage failed (`PartnerOutboxError`, code `outbox_storage_failed`): questions still go out. */
  error: [error: Error];
}

/** What an outbox is given of its client once the client is built. */
export interface OutboxHost {
  chat: Pick<ChatResource, 'send' | 'abandon'>;
  connection: Pick<ClientConnection, 'on'>;
  /** Where an app's listener that threw is reported. */
  report: (error: unknown) => void;
  /** The timers the client's connection runs on (the runtime's when not given). */
  timers?: Timers | undefined;
  /** The client's wall clock (its `now` option). */
  now: () => number;
}

/**
 * `client.outbox`: the questions not yet accepted by the API, kept in a storage so that they
 * survive a lost network, a reload or a killed app (none without the client's `outbox` option:
 * `pending()` is then `[]`).
 * @example
 * ```ts
 * const unsent = await client.outbox.pending();
 * client.outbox.on('failed', (entry, error) => showRefused(entry.message, error.code));
 * ```
 */
export type KeptQuestions = Pick<
  ClientOutbox,
  'pending' | 'discard' | 'sendNow' | 'whenSent' | 'on' | 'off'
>;

/** `client.outbox` without an outbox: nothing is kept, nothing is ever emitted. */
export const NO_KEPT_QUESTIONS: KeptQuestions = {
  pending: async () => [],
  discard: async () => false,
  sendNow: () => {},
  whenSent: () => new Promise(() => {}),
  on: () => () => {},
  off: () => {},
};

/**
 * The value of the client's `outbox` option, made by `createOutbox` of
 * `@partner-assistant/client/outbox`: an outbox for one client.
 */
export interface ClientOutbox extends QuestionKeeper {
  /** The questions kept, in the order written (never by `createdAt`: a clock may be corrected). */
  pending(): Promise<OutboxEntry[]>;
  /**
   * Removes a kept question before it reached the network: `true` when it was removed (its stream,
   * if any, fails with a `PartnerOutboxError`, code `outbox_discarded`), `false` once any request
   * for it left (a socket frame, or the REST fallback's `POST`), or when it is unknown, or another
   * tab is sending it.
   */
  discard(clientMessageId: string): Promise<boolean>;
  /**
   * Offers at once every kept question that waits after the API refused it for now (a rate limit,
   * a busy queue), instead of at the end of its growing wait: what a "Try again" button does. A
   * question waiting for the network leaves when the connection opens (`client.connection.connect()`).
   * @example
   * ```ts
   * retryButton.onclick = () => client.outbox.sendNow();
   * ```
   */
  sendNow(): void;
  /**
   * The stream of the kept question `clientMessageId` once the API accepted its turn (the one
   * `sent` gives); rejects when the API refused it for good (as `failed`) or once it was discarded
   * (`PartnerOutboxError`, code `outbox_discarded`). Nothing stays attached once it settled. Never
   * settles for a question this client does not send (another tab sends it, or none is kept).
   * @example
   * ```ts
   * for (const entry of await client.outbox.pending())
   *   client.outbox.whenSent(entry.clientMessageId).then((stream) => follow(entry, stream));
   * ```
   */
  whenSent(clientMessageId: string): Promise<TurnStream>;
  /** Calls `listener` on each `type` event until the returned function is called. */
  on<K extends keyof OutboxEvents>(
    type: K,
    listener: (...args: OutboxEvents[K]) => void,
  ): () => void;
  /** Stops calling `listener`. */
  off<K extends keyof OutboxEvents>(type: K, listener: (...args: OutboxEvents[K]) => void): void;
  /** @internal The API accepted the question's turn; `stream` follows it. */
  accepted(clientMessageId: string, stream: TurnStream): void;
  /**
   * @internal The app stopped the question's stream: removed as by `discard` while kept (not yet
   * accepted nor refused).
   */
  withdrawn(clientMessageId: string): void;
  /** @internal Starts sending what is kept, through `host`. */
  attach(host: OutboxHost): void;
  /**
   * @internal Stops; what is kept stays kept. Claims nothing more and renews nothing: what a
   * replay under way claims after this is let go at once, so the next client sends it.
   */
  close(): void;
}
