import {
  CLIENT_MESSAGE_ID_PATTERN,
  COUNTRY_CODE_PATTERN,
  countCharacters,
  FEEDBACK_REASONS,
  FIELD_LIMITS,
  hasLoneSurrogate,
  MESSAGE_CONTEXT_BOUNDS,
  MESSAGE_TEXT_PATTERN,
  PLATFORMS,
  RATINGS,
  TITLE_PATTERN,
  TITLE_TEXT_PATTERN,
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
const number = (min: number, max: number): InputRule => [
  (value) => typeof value === 'number' && value >= min && value <= max,
  `Must be a number from ${min} to ${max}`,
];
const whole = (min: number, max = Number.MAX_SAFE_INTEGER): InputRule => [
  (value) => Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max,
  `Must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
];

/** A UUID, as the contract's `uuidSchema` accepts it. */
export const UUID = pattern(UUID_PATTERN, 'Must be a UUID');

const { titleMaxLength, clientMessageIdMaxLength, historyLimitMin, historyLimitMax } = FIELD_LIMITS;
const { placeNameMaxLength, postalCodeMaxLength, appVersionMaxLength } = MESSAGE_CONTEXT_BOUNDS;

/**
 * A conversation title, checked as sent, the way the published schema says (the service then
 * stores it normalized): 1 to 255 code points, one at least not white space, no control character.
 */
const TITLE: InputRule = [
  (value) => {
    if (!isText(value)) return false;
    const length = countCharacters(value);
    return (
      length > 0 &&
      length <= titleMaxLength &&
      TITLE_TEXT_PATTERN.test(value) &&
      TITLE_PATTERN.test(value) &&
      !hasLoneSurrogate(value)
    );
  },
  `Must hold 1 to ${titleMaxLength} characters, one not white space, none a control character`,
];

const SEND_MESSAGE: InputShape = {
  message: required(pattern(MESSAGE_TEXT_PATTERN, 'Must be a string with a non-space character')),
  location: {
    city: text(placeNameMaxLength),
    commune: text(placeNameMaxLength),
    postal_code: text(postalCodeMaxLength),
    region: text(placeNameMaxLength),
    country: pattern(COUNTRY_CODE_PATTERN, 'Must be an ISO 3166-1 alpha-2 code such as FR'),
    latitude: number(-90, 90),
    longitude: number(-180, 180),
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
  limit: whole(historyLimitMin, historyLimitMax),
  offset: whole(0),
};
/** `feedback.submit(messageId, input)`. */
export const SUBMIT_FEEDBACK: InputShape = {
  rating: required(oneOf(RATINGS)),
  reason: oneOf(FEEDBACK_REASONS),
  comment: [
    (value) => isText(value) && countCharacters(value) <= FIELD_LIMITS.feedbackCommentMaxLength,
    `Must be a string of at most ${FIELD_LIMITS.feedbackCommentMaxLength} characters`,
  ],
};
