/**
 * Codes carried by a failed turn (`turn.error.code`, `assistant.error`'s `error.code`).
 * These describe why processing ended, not an HTTP failure.
 */
export const TURN_ERROR_CODES = {
  processing_failed: {
    retryable: true,
    description:
      'The assistant could not produce an answer; sending the question again may succeed.',
  },
} as const satisfies Record<string, { retryable: boolean; description: string }>;

/** Why a turn failed. */
export type TurnErrorCode = keyof typeof TURN_ERROR_CODES;
