import type { Message } from '@partner-assistant/contract';
import type { ApiResult } from '@partner-assistant/sdk-core';
import type { ApiPromise } from '../rest/api-promise.ts';
import type { MessagePage } from './message-page.ts';

/**
 * What `client.messages.list()` returns: await it for the first page, or iterate it with
 * `for await` for every message of the history, fetched page by page as the loop goes. Nothing is
 * sent until it is awaited or iterated. (Built by hand rather than with an async generator, which
 * React Native's Hermes engine does not compile.)
 *
 * @example
 * ```ts
 * const first = await client.messages.list(conversationId);
 * for await (const message of client.messages.list(conversationId)) render(message);
 * ```
 */
export class MessagePagePromise implements PromiseLike<MessagePage>, AsyncIterable<Message> {
  readonly #load: () => ApiPromise<MessagePage>;
  #first: ApiPromise<MessagePage> | undefined;

  /** @internal */
  constructor(load: () => ApiPromise<MessagePage>) {
    this.#load = load;
  }

  #firstPage(): ApiPromise<MessagePage> {
    this.#first ??= this.#load();
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, as openai-node's pages are.
  then<A = MessagePage, B = never>(
    onFulfilled?: ((page: MessagePage) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  /** Like `Promise.prototype.catch`. */
  catch<B = never>(
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<MessagePage | B> {
    return this.#firstPage().catch(onRejected);
  }

  /**
   * The first page with the answer that carried it (`status`, `headers`, `requestId`).
   * @example
   * ```ts
   * const { data: page, response } = await client.messages.list(conversationId).withResponse();
   * ```
   */
  withResponse(): Promise<ApiResult<MessagePage>> {
    return this.#firstPage().withResponse();
  }

  /** Every message from the first page's offset on, oldest first. */
  [Symbol.asyncIterator](): AsyncIterator<Message> {
    let page: Promise<MessagePage> | undefined;
    let index = 0;
    const next = async (): Promise<IteratorResult<Message>> => {
      page ??= this.#firstPage();
      const current = await page;
      const message = current.messages[index];
      if (message !== undefined) {
        index++;
        return { done: false, value: message };
      }
      if (!current.hasNextPage()) return { done: true, value: undefined };
      page = current.nextPage();
      index = 0;
      return next();
    };
    return {
      next,
      return: async () => ({ done: true, value: undefined }),
    };
  }
}
