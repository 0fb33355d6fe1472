import { FIELD_LIMITS } from '../constants/field-limits.ts';
import {
  hasLoneSurrogate,
  normalizeTitle,
  TITLE_PATTERN,
  TITLE_TEXT_PATTERN,
} from '../constants/request-values.ts';
import { boundedText } from './bounded-text.ts';
import { TEXT_RULE_EXTENSIONS } from './text-rules.ts';

export { normalizeTitle };

/**
 * A conversation title as sent by a client. The value sent is checked exactly as the published
 * schema says: 1 to 255 characters, at least one that is not white space, no control character
 * other than white space, no lone surrogate. The service then stores it normalized with
 * {@link normalizeTitle} (NFC, white space folded and trimmed); parsing returns that stored form.
 */
export const conversationTitleSchema = boundedText({
  min: FIELD_LIMITS.titleMinLength,
  max: FIELD_LIMITS.titleMaxLength,
})
  .regex(TITLE_PATTERN, 'Must not contain control characters other than white space')
  .regex(TITLE_TEXT_PATTERN, 'Must contain a character that is not white space')
  .refine((value) => !hasLoneSurrogate(value), 'Must not contain lone surrogates')
  .overwrite(normalizeTitle)
  .meta({
    description:
      'Display name: 1 to 255 characters as sent, at least one of them not white space, no control character other than white space, no lone surrogate. Stored normalized: Unicode NFC, every run of white space folded to one space, leading and trailing space removed.',
    examples: ['Renewing my passport'],
    ...TEXT_RULE_EXTENSIONS.title,
  });
