import type { Location } from '@partner-assistant/contract';

/** Serializes JSON with object keys sorted, so that key order never makes two values differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What must match for a submission to replay an earlier one: the conversation, the text and the
 * location. `metadata` is diagnostic and left out, so an app update between retries is no conflict.
 */
export function submissionFingerprint(submission: {
  conversationId: string;
  message: string;
  location: Location | undefined;
}): string {
  return canonicalJson({
    conversation_id: submission.conversationId,
    message: submission.message,
    location: submission.location ?? null,
  });
}
