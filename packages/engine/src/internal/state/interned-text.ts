import { BoundedCache } from './bounded-cache.ts';

/** Texts longer than this are rarely repeated: they are stored as they come. */
const MAX_INTERNED_LENGTH = 256;

const texts = new BoundedCache<string>(1024);

/**
 * One shared copy of a text seen recently (a question many users ask, a retried message): each
 * parsed request body holds its own copy, and stored turns would otherwise keep them all.
 */
export function internText(text: string): string {
  return text.length > MAX_INTERNED_LENGTH ? text : texts.get(text, () => text);
}

/**
 * Drops the shared copy of `text` (an erased user's message): another turn asking the same keeps
 * its own reference, and the next submission interns it again.
 */
export function forgetInternedText(text: string): void {
  texts.delete(text);
}
