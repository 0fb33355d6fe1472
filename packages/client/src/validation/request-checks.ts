import {
  CLIENT_MESSAGE_ID_PATTERN,
  countCharacters,
  FEEDBACK_REASONS,
  FIELD_LIMITS,
  hasLoneSurrogate,
  MESSAGE_TEXT_PATTERN,
  RATINGS,
  TITLE_PATTERN,
  TITLE_TEXT_PATTERN,
} from '@partner-assistant/contract/constants';
import { PartnerValidationError } from '@partner-assistant/sdk-core';
import { checkLocation, checkMetadata, InputIssues } from './input-checks.ts';

/**
 * Checks one call's input the way the contract's request schemas judge the request it becomes
 * (a test holds each check to its schema), and throws one {@link PartnerValidationError} listing
 * every problem. Fields are named by the SDK's argument names. Values are not echoed: a message
 * or a title may hold personal data.
 */
function check(run: (issues: InputIssues) => void): void {
  const issues = new InputIssues();
  run(issues);
  if (issues.list.length > 0) throw new PartnerValidationError(issues.list);
}

function checkTitle(issues: InputIssues, value: unknown): void {
  if (typeof value !== 'string') {
    issues.add('title', 'Must be a string');
    return;
  }
  // Checked as sent, the way the published schema says; the service then stores it normalized.
  const length = countCharacters(value);
  if (length < FIELD_LIMITS.titleMinLength || length > FIELD_LIMITS.titleMaxLength) {
    issues.add('title', `Must hold 1 to ${FIELD_LIMITS.titleMaxLength} characters`);
  }
  if (!TITLE_TEXT_PATTERN.test(value)) {
    issues.add('title', 'Must contain a character that is not white space');
  }
  if (!TITLE_PATTERN.test(value) || hasLoneSurrogate(value)) {
    issues.add('title', 'Must not contain control characters');
  }
}

/** The fields of an options object (`input`, `query`), refusing unknown ones. */
function options(
  issues: InputIssues,
  value: unknown,
  known: readonly string[],
  name = 'input',
): Record<string, unknown> {
  if (value === undefined) return {};
  let result: Record<string, unknown> = {};
  issues.object(name, value, (input) => {
    issues.knownKeys('', input, known);
    result = input;
  });
  return result;
}

/** Path parameters: a UUID named `field`. */
export function checkId(field: string, value: unknown): void {
  check((issues) => issues.uuid(field, value));
}

/** `conversations.create(input)`. */
export function checkCreateConversation(input: unknown): void {
  check((issues) => {
    const { title, conversationId } = options(issues, input, ['title', 'conversationId']);
    if (title !== undefined) checkTitle(issues, title);
    if (conversationId !== undefined) issues.uuid('conversationId', conversationId);
  });
}

/** `conversations.rename(conversationId, input)`. */
export function checkRenameConversation(conversationId: unknown, input: unknown): void {
  check((issues) => {
    issues.uuid('conversationId', conversationId);
    const { title } = options(issues, input ?? {}, ['title']);
    checkTitle(issues, title);
  });
}

const REST_MESSAGE_OPTIONS = ['message', 'location', 'metadata', 'clientMessageId'];
const CHAT_MESSAGE_OPTIONS = ['conversationId', ...REST_MESSAGE_OPTIONS];

/** `messages.send(conversationId, input)`, and `chat.send(input)` (`input.conversationId`). */
export function checkSendMessage(
  conversationId: unknown,
  input: unknown,
  over: 'rest' | 'chat' = 'rest',
): void {
  check((issues) => {
    issues.uuid('conversationId', conversationId);
    const known = over === 'rest' ? REST_MESSAGE_OPTIONS : CHAT_MESSAGE_OPTIONS;
    const fields = options(issues, input ?? {}, known);
    const { message, location, metadata, clientMessageId } = fields;
    if (typeof message !== 'string') issues.add('message', 'Must be a string');
    else if (!MESSAGE_TEXT_PATTERN.test(message))
      issues.add('message', 'Must contain at least one non-space character');
    if (location !== undefined) checkLocation(issues, location);
    if (metadata !== undefined) checkMetadata(issues, metadata);
    if (
      clientMessageId !== undefined &&
      (typeof clientMessageId !== 'string' || !CLIENT_MESSAGE_ID_PATTERN.test(clientMessageId))
    ) {
      issues.add(
        'clientMessageId',
        `Must be 1 to ${FIELD_LIMITS.clientMessageIdMaxLength} characters among letters, digits and . _ : -`,
      );
    }
  });
}

/** `messages.list(conversationId, query)`. */
export function checkListMessages(conversationId: unknown, query: unknown): void {
  check((issues) => {
    issues.uuid('conversationId', conversationId);
    const { limit, offset } = options(issues, query, ['limit', 'offset'], 'query');
    const { historyLimitMin: min, historyLimitMax: max } = FIELD_LIMITS;
    if (
      limit !== undefined &&
      !(Number.isSafeInteger(limit) && (limit as number) >= min && (limit as number) <= max)
    ) {
      issues.add('limit', `Must be a whole number from ${min} to ${max}`);
    }
    if (offset !== undefined && !(Number.isSafeInteger(offset) && (offset as number) >= 0)) {
      issues.add('offset', 'Must be a whole number of at least 0');
    }
  });
}

/** `feedback.submit(messageId, input)`. */
export function checkSubmitFeedback(messageId: unknown, input: unknown): void {
  check((issues) => {
    issues.uuid('messageId', messageId);
    const { rating, reason, comment } = options(issues, input ?? {}, [
      'rating',
      'reason',
      'comment',
    ]);
    issues.oneOf('rating', rating, RATINGS);
    if (reason !== undefined) issues.oneOf('reason', reason, FEEDBACK_REASONS);
    if (comment !== undefined)
      issues.characters('comment', comment, FIELD_LIMITS.feedbackCommentMaxLength);
  });
}
