/**
 * Bounds of request fields, from the specification's Limits table and from the decisions recorded
 * in `docs/reference/decisions.md`. Lengths count Unicode code points (JSON Schema semantics).
 */
export const FIELD_LIMITS = {
  /** `external_user_id`: 1 to 255 characters. */
  externalUserIdMaxLength: 255,
  /** Conversation title after normalization: at least 1 character. */
  titleMinLength: 1,
  /** Conversation title after normalization: at most 255 characters. */
  titleMaxLength: 255,
  /** Feedback `comment`: at most 2000 characters. */
  feedbackCommentMaxLength: 2000,
  /** `client_message_id`: at most 128 characters (decision). */
  clientMessageIdMaxLength: 128,
  /** History page size `limit`: at least 1. */
  historyLimitMin: 1,
  /** History page size `limit`: at most 100. */
  historyLimitMax: 100,
  /** History page size when `limit` is omitted (decision). */
  historyLimitDefault: 20,
  /** History `offset` when omitted (decision). */
  historyOffsetDefault: 0,
  /** Largest accepted REST request body, in bytes (decision); larger bodies get 413. */
  maxBodyBytes: 65_536,
  /** Largest accepted WebSocket client frame, in bytes (decision); larger frames close with 1009. */
  maxFrameBytes: 65_536,
} as const;

/**
 * Counts characters as the specification means them: Unicode code points, so that an emoji
 * counts once, as JSON Schema's `maxLength` does.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
