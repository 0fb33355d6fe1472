import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { boundedText } from './bounded-text.ts';

// Opaque to the service, but it travels in a URL path and in logs: control and invisible format
// characters (such as bidirectional overrides) and lone surrogates (not encodable in a URL) are refused.
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Cs}]*$/u;

/** The partner's stable, opaque identifier of its user: 1 to 255 printable characters, not `.` or `..`. */
export const externalUserIdSchema = boundedText({
  min: 1,
  max: FIELD_LIMITS.externalUserIdMaxLength,
})
  .regex(PRINTABLE, 'Must not contain control or invisible format characters, or lone surrogates')
  // URL parsers collapse `.` and `..` path segments, even percent-encoded, so the erasure request
  // for such an id would reach another path; a user who cannot be erased must not be created.
  .refine((value) => value !== '.' && value !== '..', 'Must not be "." or ".."')
  .meta({ description: "The partner's stable, opaque identifier of its user." });
