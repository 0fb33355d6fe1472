import type { Message, ReceivedListMessagesResponse } from '@partner-assistant/contract';

/** Fetches the page at `offset`; what a {@link MessagePage} needs to go on. */
export type PageFetcher = (offset: number) => Promise<MessagePage>;

/**
 * One page of a conversation's history, oldest message first. `nextPage()` fetches the next one
 * with the same `limit`.
 *
 * @example
 * ```ts
 * let page = await client.messages.list(conversationId, { limit: 50 });
 * while (page.hasNextPage()) page = await page.nextPage();
 * ```
 */
export class MessagePage {
  /** The messages of this page, as on the wire. */
  readonly messages: Message[];
  /** Position of this page's first message in the history. */
  readonly offset: number;
  readonly #fetchAt: PageFetcher;
  readonly #hasMore: boolean;

  /** @internal */
  constructor(
    response: ReceivedListMessagesResponse,
    offset: number,
    limit: number,
    fetchAt: PageFetcher,
  ) {
    this.messages = response.messages;
    this.offset = offset;
    this.#fetchAt = fetchAt;
    // `has_more` is the project's, not the specification's: without it, a full page may have a
    // successor (and an empty next page ends the walk).
    this.#hasMore = response.has_more ?? response.messages.length >= limit;
  }

  /** True when the history goes on after this page. */
  hasNextPage(): boolean {
    return this.#hasMore && this.messages.length > 0;
  }

  /** The next page; rejects when {@link hasNextPage} is false. */
  nextPage(): Promise<MessagePage> {
    if (!this.hasNextPage())
      return Promise.reject(new RangeError('This is the last page of the history'));
    return this.#fetchAt(this.offset + this.messages.length);
  }
}
