import { z } from 'zod';

/**
 * zod's UUID pattern with the Max UUID in either case too: zod accepts hexadecimal digits in
 * either case except in `ffffffff-ffff-ffff-ffff-ffffffffffff`. UUIDs are case-insensitive
 * (RFC 9562 §4): Swift writes them in upper case, JavaScript and Kotlin in lower case.
 */
const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12})$/;

/**
 * A UUID (RFC 9562) in either case, the type of every `*_id` except `client_message_id` and
 * `external_user_id`. Parsing keeps the case as sent; servers answer in lower case.
 *
 * @example uuidSchema.parse('3F9A7C2E-5B1D-4E8F-A6C0-9D2B7E4F1A35')
 */
export const uuidSchema = z.uuid({ pattern: UUID_PATTERN });
