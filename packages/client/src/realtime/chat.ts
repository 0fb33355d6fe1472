import type { Location, MessageMetadata, Turn } from '@partner-assistant/contract';
import { API_ERROR_CODES } from '@partner-assistant/contract/constants';
import {
  type Backoff,
  isPartnerError,
  PartnerApiError,
  PartnerError,
} from '@partner-assistant/sdk-core';
import { createClientMessageId } from '../internal/client-message-id.ts';
import type { MessagesResource } from '../resources/messages.ts';
import type { TurnsResource } from '../resources/turns.ts';
import { checkId, checkSendMessage } from '../validation/request-checks.ts';
import { ActiveTurn } from './active-turn.ts';
import type { Connection } from './connection.ts';
import type { ServerFrame } from './frame-reader.ts';
import type { Timers } from './platform.ts';
import type { TurnStream } from './turn-stream.ts';

/** Input of {@link ChatResource.send}. */
export interface ChatSendInput {
  /** The conversation to ask in. */
  conversationId: string;
  /** The user's question. */
  message: string;
  /** Where the question is asked from (`city`, `commune`, `postal_code`...). */
  location?: Location;
  /** Your app's platform and version, for diagnostics. */
  metadata?: MessageMetadata;
  /** Idempotency key; generated when absent and reused by every resend, so one turn is created. */
  clientMessageId?: string;
}

/** What the chat needs besides the connection. */
export interface ChatSettings {
  connection: Connection;
  messages: MessagesResource;
  turns: TurnsResource;
  timers: Timers;
  now: () => number;
  validate: boolean;
  streamIdleTimeoutMs: number;
  recoveryWindowMs: number;
  /** Waits of resends after a retryable refusal, and after REST polling failed for a while. */
  backoff: Backoff;
  maxRetries: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * `client.chat`: questions and answers over the WebSocket. A turn is followed until it ends,
 * whatever happens to the socket: resent or resubscribed on every new socket, resubscribed when
 * it goes quiet, and read over REST when the socket stays away.
 */
export class ChatResource {
  readonly #settings: ChatSettings;
  readonly #active = new Set<ActiveTurn>();
  #recoveryTimer: unknown;
  #idleTimer: unknown;
  #closed = false;

  /** @internal */
  constructor(settings: ChatSettings) {
    this.#settings = settings;
    const { connection } = settings;
    connection.on('open', () => {
      for (const turn of this.#active) this.#resume(turn);
    });
    connection.on('frame', (frame) => this.#route(frame));
    connection.on('statechange', (state) => this.#watchRecovery(state === 'open'));
    connection.on('failure', (error) => this.#failAll(error));
  }

  /**
   * Sends a question over the WebSocket (connecting if needed; queued while disconnected) and
   * returns its stream.
   * @throws {PartnerValidationError} At once, on a bad input; nothing is sent.
   * @example
   * ```ts
   * const stream = client.chat.send({ conversationId, message: 'How do I register to vote?' });
   * for await (const event of stream) console.log(event.type);
   * ```
   */
  send(input: ChatSendInput): TurnStream {
    if (this.#settings.validate) checkSendMessage(input?.conversationId, input, 'chat');
    const message = {
      type: 'user.message' as const,
      conversation_id: input.conversationId,
      client_message_id: input.clientMessageId ?? createClientMessageId(),
      message: input.message,
      location: input.location,
      metadata: input.metadata,
    };
    return this.#follow(new ActiveTurn({ message }, this.#settings.now()));
  }

  /**
   * Follows an existing turn (after an app restart, or one sent over REST): its stream starts
   * from a snapshot of everything so far.
   * @example
   * ```ts
   * const final = await client.chat.resume(savedTurnId).finalMessage();
   * ```
   */
  resume(turnId: string): TurnStream {
    if (this.#settings.validate) checkId('turnId', turnId);
    return this.#follow(new ActiveTurn({ turnId }, this.#settings.now()));
  }

  /** @internal Ends every unfinished stream and timer. */
  close(): void {
    this.#closed = true;
    this.#failAll(new PartnerError('The client was closed before the turn ended'));
  }

  #follow(turn: ActiveTurn): TurnStream {
    if (this.#closed) {
      turn.stream.fail(new PartnerError('The client is closed'));
      return turn.stream;
    }
    this.#active.add(turn);
    const { connection } = this.#settings;
    connection.connect();
    this.#resume(turn);
    this.#watchRecovery(connection.state === 'open');
    this.#scheduleIdleCheck();
    return turn.stream;
  }

  #resume(turn: ActiveTurn): void {
    turn.lastHeardAt = this.#settings.now();
    this.#settings.connection.send(turn.resumeFrame());
  }

  #route(frame: ServerFrame): void {
    const turn = this.#find(frame);
    if (!turn) return;
    if (frame.type === 'frame.rejected') {
      this.#rejected(turn, frame);
      return;
    }
    if (turn.receive(frame, this.#settings.now()))
      this.#settings.connection.send(turn.resumeFrame());
    if (turn.ended) this.#forget(turn);
  }

  #find(frame: ServerFrame): ActiveTurn | undefined {
    const nested = frame.turn as { client_message_id?: unknown } | undefined;
    const key = frame.client_message_id ?? nested?.client_message_id;
    for (const turn of this.#active) {
      const { turnId } = turn.tracker;
      if (turnId !== undefined ? turnId === frame.turn_id : turn.message?.client_message_id === key)
        return turn;
    }
    return undefined;
  }

  #rejected(turn: ActiveTurn, frame: ServerFrame): void {
    const body = (frame.error ?? {}) as {
      code?: string;
      message?: string;
      retryable?: boolean;
      request_id?: string;
    };
    const code = body.code ?? 'invalid_request';
    const rejections = ++turn.rejections;
    if (body.retryable && rejections <= this.#settings.maxRetries) {
      this.#settings.timers.setTimeout(
        () => this.#active.has(turn) && this.#resume(turn),
        this.#settings.backoff(rejections),
      );
      return;
    }
    const status = (API_ERROR_CODES as Record<string, { status: number }>)[code]?.status ?? 400;
    const { message = code, retryable = false, request_id: requestId } = body;
    turn.stream.fail(new PartnerApiError({ status, code, message, retryable, requestId }));
    this.#forget(turn);
  }

  /** Starts the recovery window while the socket is away, or stops it once it is back. */
  #watchRecovery(open: boolean): void {
    const { timers, recoveryWindowMs } = this.#settings;
    if (open || this.#active.size === 0) {
      timers.clearTimeout(this.#recoveryTimer);
      this.#recoveryTimer = undefined;
    } else if (this.#recoveryTimer === undefined) {
      this.#recoveryTimer = timers.setTimeout(() => {
        this.#recoveryTimer = undefined;
        for (const turn of this.#active) void this.#poll(turn);
      }, recoveryWindowMs);
    }
  }

  /** Resubscribes a turn that went quiet; sends it to REST when it stays quiet. */
  #scheduleIdleCheck(): void {
    const { timers, now, streamIdleTimeoutMs, connection } = this.#settings;
    if (this.#idleTimer !== undefined || this.#active.size === 0) return;
    this.#idleTimer = timers.setTimeout(() => {
      this.#idleTimer = undefined;
      for (const turn of this.#active) {
        if (now() - turn.lastHeardAt < streamIdleTimeoutMs || connection.state !== 'open') continue;
        if (++turn.idlePeriods === 1) this.#resume(turn);
        else void this.#poll(turn);
      }
      this.#scheduleIdleCheck();
    }, streamIdleTimeoutMs / 3);
  }

  /** Follows a turn over REST until it ends: the socket is not coming back for it. */
  async #poll(turn: ActiveTurn): Promise<void> {
    if (turn.polling || turn.ended) return;
    const stop = new AbortController();
    const signal = stop.signal;
    turn.polling = stop;
    const { messages, turns, backoff, sleep } = this.#settings;
    for (let attempt = 1; !turn.ended; attempt++) {
      try {
        let turnId = turn.tracker.turnId;
        const { message } = turn;
        if (turnId === undefined && message) {
          // The same idempotency key: if the socket had delivered it, this finds that turn.
          const { conversation_id, client_message_id, location, metadata } = message;
          const input = {
            message: message.message,
            location,
            metadata,
            clientMessageId: client_message_id,
          };
          const summary = await messages.send(conversation_id, input, { signal });
          turn.receiveTurn({ ...summary, assistant_message: null, error: null } as Turn);
          turnId = summary.turn_id;
        }
        turn.receiveTurn(await turns.wait(turnId as string, { signal }));
      } catch (error) {
        if (signal.aborted) break;
        if (!isPartnerError(error) || !error.retryable) {
          turn.stream.fail(error instanceof Error ? error : new PartnerError(String(error)));
        } else await sleep(backoff(attempt), signal).catch(() => {});
      }
    }
    turn.polling = undefined;
    this.#forget(turn);
  }

  #forget(turn: ActiveTurn): void {
    turn.polling?.abort();
    this.#active.delete(turn);
    if (this.#active.size === 0) {
      this.#settings.timers.clearTimeout(this.#idleTimer);
      this.#idleTimer = undefined;
      this.#watchRecovery(true);
    }
  }

  #failAll(error: Error): void {
    for (const turn of [...this.#active]) {
      turn.stream.fail(error);
      this.#forget(turn);
    }
  }
}
