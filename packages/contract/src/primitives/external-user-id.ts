import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { hasLoneSurrogate } from '../constants/request-values.ts';
import { boundedText } from './bounded-text.ts';
import { TEXT_RULE_EXTENSIONS } from './text-rules.ts';

// Opaque to the service, but it travels in a URL path and in logs: control characters, invisible
// format characters (such as bidirectional overrides) and lone surrogates (not encodable in a URL)
// are refused. The pattern lists the control and format characters of the Basic Multilingual Plane
// without Unicode property escapes, so every engine reads it alike; the few format characters
// beyond it are refused by the check below (the published `x-character-rules` names them all).
const PRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  /^[^\u0000-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]*$/;
const ASTRAL_FORMAT =
  /[\u{110BD}\u{110CD}\u{13430}-\u{1343F}\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0001}\u{E0020}-\u{E007F}]/u;

/** The partner's stable, opaque identifier of its user: 1 to 255 printable characters, not `.` or `..`. */
export const externalUserIdSchema = boundedText({
  min: 1,
  max: FIELD_LIMITS.externalUserIdMaxLength,
})
  .regex(PRINTABLE, 'Must not contain control or invisible format characters')
  .refine(
    (value) => !ASTRAL_FORMAT.test(value) && !hasLoneSurrogate(value),
    'Must not contain invisible format characters or lone surrogates',
  )
  // URL parsers collapse `.` and `..` path segments, even percent-encoded, so the erasure request
  // for such an id would reach another path; a user who cannot be erased must not be created.
  .refine((value) => value !== '.' && value !== '..', 'Must not be "." or ".."')
  .meta({
    description:
      "The partner's stable, opaque identifier of its user: 1 to 255 characters, not `.` or `..`, without control characters (Unicode category Cc), invisible format characters (Cf, such as U+202E or U+E0001) or lone surrogates (Cs).",
    not: { enum: ['.', '..'] },
    ...TEXT_RULE_EXTENSIONS.externalUserId,
  });
