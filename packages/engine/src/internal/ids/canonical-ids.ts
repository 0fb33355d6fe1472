import type { RandomSource } from './random-source.ts';

/**
 * UUIDs compare case-insensitively (RFC 9562 §4): Swift's `UUID().uuidString` is upper case,
 * Kotlin's and JavaScript's lower case. The engine lower-cases every UUID it is given, at the
 * door, so that one id in either case reaches the same resource, and answers in lower case.
 */

/** The text form of a UUID, in either case. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fields named `*_id` that the specification does not type as UUIDs. */
const NOT_UUID_FIELDS: ReadonlySet<string> = new Set(['client_message_id', 'external_user_id']);

/** Whether `field` holds a UUID: every `*_id` but `client_message_id` and `external_user_id`. */
export function isUuidField(field: string): boolean {
  return field.endsWith('_id') && !NOT_UUID_FIELDS.has(field);
}

/** Whether `value` is a UUID's text, in either case. */
export function isUuidText(value: unknown): value is string {
  return typeof value === 'string' && UUID_TEXT.test(value);
}

/**
 * `record` with its UUID fields (top level) in canonical lower case; anything else, including a
 * field that is not a valid UUID (which validation reports as sent), is left as is.
 *
 * @example withCanonicalIds({ turn_id: '3F9A…' }) // { turn_id: '3f9a…' }
 */
export function withCanonicalIds<T>(record: T): T {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  let copy: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(record)) {
    if (!isUuidField(field) || !isUuidText(value)) continue;
    const lower = value.toLowerCase();
    if (lower === value) continue;
    copy ??= { ...(record as Record<string, unknown>) };
    copy[field] = lower;
  }
  return (copy ?? record) as T;
}

/**
 * `source` with its UUIDs in lower case: a random source given by a test may issue upper-case
 * ones, which would otherwise be stored as given.
 */
export function lowerCaseRandomSource(source: RandomSource): RandomSource {
  return { uuid: () => source.uuid().toLowerCase(), bytes: (length) => source.bytes(length) };
}
