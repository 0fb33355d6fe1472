import type { Message } from '@partner-assistant/contract';
import type { ConversationMessage } from './conversation-state.ts';

/**
 * Reads `limit` messages of the history from `offset` (oldest first), and whether more follow
 * (`client.messages.list`'s page).
 */
export type HistoryReader = (
  offset: number,
  limit: number,
) => PromiseLike<{ messages: Message[]; hasNextPage(): boolean }>;

/** Messages per history page. */
const PAGE_SIZE = 20;

/** A window on the end of a conversation's history. */
export interface HistoryWindow {
  /** Position of `messages[0]` in the history. */
  offset: number;
  /** Messages read. */
  messages: ConversationMessage[];
}

/**
 * The newest page (`PAGE_SIZE` messages) of a history whose length the API does not give: one
 * page from the start, and when there is more, a galloping search (offsets doubling, then halving,
 * one message each) for the end, so a long conversation costs a few tiny requests instead of
 * reading it all.
 */
export async function newestPage(read: HistoryReader): Promise<HistoryWindow> {
  const first = await read(0, PAGE_SIZE);
  if (!first.hasNextPage()) return { offset: 0, messages: first.messages };
  const exists = async (index: number) => (await read(index, 1)).messages.length > 0;
  let known = PAGE_SIZE; // index PAGE_SIZE exists: the first page said more follow
  let missing = PAGE_SIZE * 2;
  while (await exists(missing)) {
    known = missing;
    missing *= 2;
  }
  while (missing - known > 1) {
    const middle = Math.floor((known + missing) / 2);
    if (await exists(middle)) known = middle;
    else missing = middle;
  }
  const offset = missing - PAGE_SIZE; // at least 1: the first page said more follow
  return { offset, messages: (await read(offset, PAGE_SIZE)).messages };
}

/** The page (`PAGE_SIZE` messages) before `window`, prepended. */
export async function olderPage(
  read: HistoryReader,
  window: HistoryWindow,
): Promise<HistoryWindow> {
  const offset = Math.max(0, window.offset - PAGE_SIZE);
  const { messages } = await read(offset, window.offset - offset);
  const known = new Set(window.messages.map((m) => m.message_id));
  return {
    offset,
    messages: [...messages.filter((m) => !known.has(m.message_id)), ...window.messages],
  };
}
