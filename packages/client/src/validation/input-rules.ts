import {
  CLIENT_MESSAGE_ID_PATTERN,
  COUNTRY_CODE_PATTERN,
  FEEDBACK_REASONS,
  FIELD_LIMITS,
  MESSAGE_CONTEXT_BOUNDS,
  MESSAGE_TEXT_PATTERN,
  PLATFORMS,
  RATINGS,
  UUID_PATTERN,
} from '@partner-assistant/contract/constants';

/**
 * One input field's rule, as the contract's request schema judges the field: a test, the message
 * naming the problem, and whether the field must be present (an absent optional field passes).
 */
export type InputRule = readonly [test: (value: unknown) => boolean, message: string, required?: 1];

/** The fields an options object may hold (any other key is refused), each a rule or a nested object. */
export interface InputShape {
  readonly [field: string]: InputRule | InputShape;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const required = ([test, message]: InputRule): InputRule => [test, message, 1];
const pattern = (regex: RegExp, message: string): InputRule => [
  (value) => isText(value) && regex.test(value),
  message,
];
/** 1 to `max` UTF-16 units (zod's `.min(1).max(max)` on strings). */
const text = (max: number): InputRule => [
  (value) => isText(value) && value.length > 0 && value.length <= max,
  `Must be a string of 1 to ${max} characters`,
];
const oneOf = (allowed: readonly string[]): InputRule => [
  (value) => allowed.includes(value as string),
  `Must be one of ${allowed.join(', ')}`,
];
/** A number from `min` to `max`; a whole one (a safe integer) when `whole`. */
const range = (min: number, max = Infinity, whole?: boolean): InputRule => [
  (value) =>
    (whole ? Number.isSafeInteger(value) : typeof value === 'number') &&
    (value as number) >= min &&
    (value as number) <= max,
  `Must be a ${whole ? 'whole ' : ''}number from ${min}${max < Infinity ? ` to ${max}` : ''}`,
];

/** A UUID, as the contract's `uuidSchema` accepts it. */
export const UUID = pattern(UUID_PATTERN, 'Must be a UUID');

const { titleMaxLength, clientMessageIdMaxLength, historyLimitMin, historyLimitMax } = FIELD_LIMITS;
const { placeNameMaxLength, postalCodeMaxLength, appVersionMaxLength } = MESSAGE_CONTEXT_BOUNDS;

/**
 * A conversation title, checked as sent, the way the published schema says (the service then
 * stores it normalized): 1 to 255 code points, one at least not white space (`\S`, as the
 * contract's `TITLE_TEXT_PATTERN`), no control character but white space (`TITLE_PATTERN`), no
 * lone surrogate. With the `u` flag, a regular expression counts code points, and a lone
 * surrogate is one of them, which the excluded range `\uD800-\uDFFF` refuses (a pair is one
 * code point outside it).
 */
const TITLE = pattern(
  new RegExp(
    `^(?=.*\\S)[^\\u0000-\\u0008\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]{1,${titleMaxLength}}$`,
    'su',
  ),
  `Must hold 1 to ${titleMaxLength} characters, one not white space, none a control character`,
);

const SEND_MESSAGE: InputShape = {
  message: required(pattern(MESSAGE_TEXT_PATTERN, 'Must be a string with a non-space character')),
  location: {
    city: text(placeNameMaxLength),
    commune: text(placeNameMaxLength),
    postal_code: text(postalCodeMaxLength),
    region: text(placeNameMaxLength),
    country: pattern(COUNTRY_CODE_PATTERN, 'Must be an ISO 3166-1 alpha-2 code such as FR'),
    latitude: range(-90, 90),
    longitude: range(-180, 180),
  },
  metadata: { platform: oneOf(PLATFORMS), app_version: text(appVersionMaxLength) },
  clientMessageId: pattern(
    CLIENT_MESSAGE_ID_PATTERN,
    `Must be 1 to ${clientMessageIdMaxLength} of letters, digits and . _ : -, the first a letter or digit`,
  ),
};

// The options object of each call, named by the SDK's argument names; path parameters (UUIDs)
// are checked apart. A test holds each to the contract's request schema.

/** `conversations.create(input)`. */
export const CREATE_CONVERSATION: InputShape = { title: TITLE, conversationId: UUID };
/** `conversations.rename(conversationId, input)`. */
export const RENAME_CONVERSATION: InputShape = { title: required(TITLE) };
/** `messages.send(conversationId, input)`. */
export { SEND_MESSAGE };
/** `chat.send(input)`: the conversation travels in the input. */
export const CHAT_SEND: InputShape = { conversationId: required(UUID), ...SEND_MESSAGE };
/** `messages.list(conversationId, query)`. */
export const LIST_MESSAGES: InputShape = {
  limit: range(historyLimitMin, historyLimitMax, true),
  offset: range(0, Infinity, true),
};
/** `feedback.submit(messageId, input)`. */
export const SUBMIT_FEEDBACK: InputShape = {
  rating: required(oneOf(RATINGS)),
  reason: oneOf(FEEDBACK_REASONS),
  // At most so many code points (`countCharacters`): the `u` flag counts them.
  comment: pattern(
    new RegExp(`^.{0,${FIELD_LIMITS.feedbackCommentMaxLength}}$`, 'su'),
    `Must be a string of at most ${FIELD_LIMITS.feedbackCommentMaxLength} characters`,
  ),
};
