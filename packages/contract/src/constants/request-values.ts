import { FIELD_LIMITS } from './field-limits.ts';

/**
 * Values and patterns of request fields that the SDKs check before sending, kept free of zod so
 * the browser SDK can import them; the request schemas are built from the same constants.
 */

/** A UUID (RFC 9562) as `uuidSchema` accepts it: any version 1 to 8, the nil and the max UUID. */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** Ratings of an assistant message. */
export const RATINGS = ['up', 'down'] as const;

/** Allowed values of feedback `reason` (decision): one short category, whatever the rating. */
export const FEEDBACK_REASONS = [
  'helpful',
  'inaccurate',
  'incomplete',
  'outdated',
  'not_relevant',
  'unclear',
  'inappropriate',
  'other',
] as const;

/** Platforms a client can report in `metadata.platform`. */
export const PLATFORMS = ['ios', 'android', 'web', 'other'] as const;

/** `client_message_id`: 1 to 128 of `A-Z a-z 0-9 . _ : -`, the first one a letter or digit. */
export const CLIENT_MESSAGE_ID_PATTERN = new RegExp(
  `^[A-Za-z0-9][A-Za-z0-9._:-]{0,${FIELD_LIMITS.clientMessageIdMaxLength - 1}}$`,
);

/**
 * A conversation title, as sent, holds no control character other than the white space ones (tab,
 * line feed, vertical tab, form feed, carriage return), which normalization folds. Written without
 * Unicode property escapes so that every regular expression engine reads it the same way.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
export const TITLE_PATTERN = /^[^\u0000-\u0008\u000E-\u001F\u007F-\u009F]*$/;

/**
 * A conversation title, as sent, holds at least one character that is not white space (the white
 * space of ECMAScript's `\s`, which {@link normalizeTitle} folds and trims).
 */
export const TITLE_TEXT_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  /[^\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/;

/** True when `text` holds a lone surrogate (UTF-16 text that is not valid Unicode). */
export function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(index + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    index++;
  }
  return false;
}

/** A user message holds at least one character that is not white space. */
export const MESSAGE_TEXT_PATTERN = /\S/u;

/** `location.country`: an ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** Bounds of the `location` and `metadata` fields of a message (decision). */
export const MESSAGE_CONTEXT_BOUNDS = {
  /** `city`, `commune`, `region`: 1 to 120 UTF-16 units. */
  placeNameMaxLength: 120,
  /** `postal_code`: 1 to 16 UTF-16 units. */
  postalCodeMaxLength: 16,
  /** `metadata.app_version`: 1 to 64 UTF-16 units. */
  appVersionMaxLength: 64,
} as const;

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
