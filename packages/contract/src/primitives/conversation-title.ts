import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { boundedText } from './bounded-text.ts';

/**
 * Normalizes a conversation title the way the service stores it: Unicode NFC, every run of white
 * space (including line breaks and tabs) folded to one space, leading and trailing space removed.
 *
 * @example
 * normalizeTitle('  Renew\n my   passport ') // 'Renew my passport'
 */
export function normalizeTitle(title: string): string {
  return title.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * A conversation title as sent by a client. It is normalized with {@link normalizeTitle} first,
 * then must hold 1 to 255 characters, so a title of only white space is refused. Control characters
 * other than white space (which normalization folds) and lone surrogates are refused.
 */
export const conversationTitleSchema = boundedText({
  min: FIELD_LIMITS.titleMinLength,
  max: FIELD_LIMITS.titleMaxLength,
  normalize: normalizeTitle,
})
  .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'Must not contain control characters or lone surrogates')
  .meta({
    description:
      'Display name. Normalized (NFC, white space folded and trimmed), then 1 to 255 characters.',
    examples: ['Renewing my passport'],
  });
