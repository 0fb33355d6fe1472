import type { DeleteTurnResponse, ReceivedTurn as Turn } from '@partner-assistant/contract';
import { isTurnInProgress } from '@partner-assistant/contract/constants';
import type { ApiResult, RequestOptions } from '@partner-assistant/sdk-core';
import { timerDelay } from '@partner-assistant/sdk-core/internal';
import type { ApiCaller } from '../internal/api-caller.ts';
import { ApiPromise } from '../rest/api-promise.ts';

/** Options of {@link TurnsResource.wait}. */
export interface WaitForTurnOptions extends RequestOptions {
  /**
   * Wait before the first poll; each later wait is 1.5 times longer, up to `maxPollIntervalMs`.
   * A value that is not a positive number (`NaN`, 0, negative) means the default.
   * @default 250
   * @example 1000
   */
  pollIntervalMs?: number;
  /**
   * Longest wait between two polls (not a positive number: the default).
   * @default 2000
   * @example 5000
   */
  maxPollIntervalMs?: number;
}

/** Defaults of {@link WaitForTurnOptions}. */
export const WAIT_FOR_TURN_DEFAULTS = {
  pollIntervalMs: 250,
  maxPollIntervalMs: 2000,
} as const satisfies WaitForTurnOptions;

/** `client.turns`: read, await and delete turns (a question with its answer). */
export class TurnsResource {
  readonly #api: ApiCaller;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  /** @internal */
  constructor(api: ApiCaller, sleep: (ms: number, signal?: AbortSignal) => Promise<void>) {
    this.#api = api;
    this.#sleep = sleep;
  }

  /**
   * The turn as it is now; `assistant_message` is set once it has ended.
   * @example
   * ```ts
   * const turn = await client.turns.get(turnId);
   * ```
   */
  get(turnId: string, options?: RequestOptions): ApiPromise<Turn> {
    this.#api.check({ turnId });
    return this.#api.call('getTurn', options, turnId);
  }

  /**
   * Polls the turn, with growing intervals, until it has ended (`completed` or `failed`), and
   * returns it. A `signal` stops the wait; `timeoutMs`, `maxRetries` and `headers` apply to each
   * poll, and `withResponse()` gives the last poll's answer.
   * @example
   * ```ts
   * const turn = await client.turns.wait(turnId, { signal: AbortSignal.timeout(60_000) });
   * if (turn.status === 'completed') show(turn.assistant_message);
   * ```
   */
  wait(turnId: string, options: WaitForTurnOptions = {}): ApiPromise<Turn> {
    // A wait that is not a positive number (`NaN`, 0, negative) is the default: never a hot loop
    // (`timerDelay` makes it 0).
    const max =
      timerDelay(options.maxPollIntervalMs ?? 0) || WAIT_FOR_TURN_DEFAULTS.maxPollIntervalMs;
    let interval = timerDelay(options.pollIntervalMs ?? 0) || WAIT_FOR_TURN_DEFAULTS.pollIntervalMs;
    const poll = async (): Promise<ApiResult<Turn>> => {
      for (;;) {
        const result = await this.get(turnId, options).withResponse();
        if (!isTurnInProgress(result.data.status)) return result;
        await this.#sleep(interval, options.signal);
        interval = Math.min(max, interval * 1.5);
      }
    };
    return new ApiPromise(poll());
  }

  /**
   * Deletes a turn's question and answer from the history. Refused with `409 turn_in_progress`
   * until the turn has ended.
   * @example
   * ```ts
   * await client.turns.delete(turnId);
   * ```
   */
  delete(turnId: string, options?: RequestOptions): ApiPromise<DeleteTurnResponse> {
    this.#api.check({ turnId });
    return this.#api.call('deleteTurn', options, turnId);
  }
}
