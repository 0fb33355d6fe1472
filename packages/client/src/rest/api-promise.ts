import type { ApiResult } from '@partner-assistant/sdk-core';

/**
 * What every REST method returns: a `Promise` of the body, as before, that also gives the answer
 * that carried it with `withResponse()` (status, headers, request id). The request is sent when
 * the method is called, once, whichever way it is read. (openai-node's `APIPromise` shape.)
 *
 * @example
 * ```ts
 * const turn = await client.messages.send(conversationId, { message: 'Hello' });
 * const { data, response } = await client.turns.get(turn.turn_id).withResponse();
 * console.log(data.status, response.status, response.requestId);
 * ```
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<ApiResult<T>>;

  /** @internal */
  constructor(result: Promise<ApiResult<T>>) {
    // The base promise is never read: `then` (which `catch`, `finally` and `await` go through)
    // reads `result`.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  /** Promises derived with `then`, `catch` or `finally` are plain ones. */
  static override get [Symbol.species]() {
    return Promise;
  }

  // biome-ignore lint/suspicious/noThenProperty: the body, read from the result.
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#result.then((result) => result.data).then(onFulfilled, onRejected);
  }

  /** The body with the answer that carried it: `status`, `headers` and `requestId`. */
  withResponse(): Promise<ApiResult<T>> {
    return this.#result;
  }
}
