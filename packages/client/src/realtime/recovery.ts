import {
  type Backoff,
  isPartnerError,
  PartnerError,
  PartnerTimeoutError,
} from '@partner-assistant/sdk-core';
import type { MessagesResource } from '../resources/messages.ts';
import type { TurnsResource } from '../resources/turns.ts';
import type { ActiveTurn } from './active-turn.ts';
import type { Timers } from './platform.ts';

/** What the recovery of the chat's turns needs. */
export interface RecoverySettings {
  messages: MessagesResource;
  turns: TurnsResource;
  timers: Timers;
  now: () => number;
  streamIdleTimeoutMs: number;
  recoveryWindowMs: number;
  /** The longest a turn is followed before its stream fails with a `PartnerTimeoutError`. */
  turnTimeoutMs: number;
  /** Waits between REST attempts. */
  backoff: Backoff;
  /** Retryable REST failures in a row before the stream fails with the last one. */
  maxRetries: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** True while the socket is open. */
  isOpen: () => boolean;
  /** Sends the turn's resume frame again. */
  resubscribe: (turn: ActiveTurn) => void;
  /** The turn ended, or its polling stopped: stop following it. */
  forget: (turn: ActiveTurn) => void;
  /** The server gave the turn its id (over REST). */
  accepted: (turn: ActiveTurn, turnId: string, userMessageId: string | undefined) => void;
}

/**
 * Keeps every followed turn moving, with one timer: a turn silent for `streamIdleTimeoutMs` on an
 * open socket is resubscribed, and a second silence sends it to REST; a turn without progress for
 * `recoveryWindowMs` since the socket went away is followed over REST, even if the socket keeps
 * coming back without delivering (a socket that opens and dies is not progress); a turn whose
 * event did not pass the door is read over REST at once (see `ChatResource`). REST polling
 * waits between attempts and gives up after `maxRetries` retryable failures in a row (a question
 * the API has not taken yet waits for the network instead), and a turn
 * not ended `turnTimeoutMs` after it was sent fails with a `PartnerTimeoutError`: every stream
 * settles, whatever the server says.
 */
export class Recovery {
  readonly #settings: RecoverySettings;
  readonly #turns: () => Iterable<ActiveTurn>;
  #timer: unknown;

  constructor(settings: RecoverySettings, turns: () => Iterable<ActiveTurn>) {
    this.#settings = settings;
    this.#turns = turns;
  }

  /** Judges every turn now and sets the timer for the next decision. */
  check(): void {
    const { timers, now, streamIdleTimeoutMs: idle, recoveryWindowMs: window } = this.#settings;
    const { turnTimeoutMs } = this.#settings;
    this.stop();
    const open = this.#settings.isOpen();
    const at = now();
    const expired: ActiveTurn[] = [];
    let next = Infinity;
    for (const turn of this.#turns()) {
      const deadline = turn.startedAt + turnTimeoutMs;
      if (at >= deadline) {
        expired.push(turn);
        continue;
      }
      next = Math.min(next, deadline);
      if (turn.polling) continue;
      if (!open) turn.awaySince ??= at;
      const away = turn.awaySince ?? Infinity;
      const silent = open && at - turn.lastHeardAt >= idle;
      if (silent) turn.idlePeriods++;
      if (at - away >= window || (silent && turn.idlePeriods > 1)) {
        void this.poll(turn);
        continue;
      }
      if (silent) this.#settings.resubscribe(turn);
      next = Math.min(next, away + window, open ? turn.lastHeardAt + idle : Infinity);
    }
    // Timers take at most 2^31 - 1 ms (about 24 days); a longer one would fire at once.
    if (next < Infinity)
      this.#timer = timers.setTimeout(() => this.check(), Math.min(next - at, 2 ** 31 - 1));
    // Failed after the loop: forgetting a turn judges the others again.
    for (const turn of expired) {
      turn.stream.fail(new PartnerTimeoutError(turnTimeoutMs));
      this.#settings.forget(turn);
    }
  }

  /** Clears the timer. */
  stop(): void {
    this.#settings.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Follows a turn over REST until it ends (once at a time): the socket is not delivering it. */
  async poll(turn: ActiveTurn): Promise<void> {
    if (turn.ended || turn.polling) return;
    const stop = new AbortController();
    const { signal } = stop;
    turn.polling = stop;
    turn.recovering = 'rest';
    const { messages, turns, backoff, sleep, maxRetries } = this.#settings;
    for (let failures = 0; !turn.ended && !signal.aborted; ) {
      try {
        const { message } = turn;
        if (turn.tracker.turnId === undefined && message) {
          // The same idempotency key: if the socket had delivered it, this finds that turn.
          const {
            conversation_id,
            client_message_id: clientMessageId,
            location,
            metadata,
          } = message;
          const input = { message: message.message, location, metadata, clientMessageId };
          const sent = await messages.send(conversation_id, input, { signal });
          this.#settings.accepted(turn, sent.turn_id, sent.user_message_id);
        }
        turn.receiveTurn(await turns.wait(turn.tracker.turnId ?? '', { signal }));
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        if (turn.tracker.turnId === undefined && isPartnerError(error) && error.retryable) {
          // The API is unreachable before it took the question: it waits for the socket, and
          // comes back here after another `recoveryWindowMs` (until `turnTimeoutMs`).
          turn.waiting(error);
          turn.awaySince = this.#settings.now();
          turn.polling = undefined;
          this.check();
          return;
        }
        if (!isPartnerError(error) || !error.retryable || ++failures > maxRetries) {
          turn.stream.fail(error instanceof Error ? error : new PartnerError(String(error)));
          break;
        }
      }
      if (!turn.ended) await sleep(backoff(failures + 1), signal).catch(() => {});
    }
    turn.polling = undefined;
    this.#settings.forget(turn);
  }
}
