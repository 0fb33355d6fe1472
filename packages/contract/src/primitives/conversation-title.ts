import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { normalizeTitle, TITLE_PATTERN } from '../constants/request-values.ts';
import { boundedText } from './bounded-text.ts';

export { normalizeTitle };

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
  .regex(TITLE_PATTERN, 'Must not contain control characters or lone surrogates')
  .meta({
    description:
      'Display name. Normalized (NFC, white space folded and trimmed), then 1 to 255 characters.',
    examples: ['Renewing my passport'],
  });
