import {
  isPartnerApiError,
  isPartnerNetworkError,
  isPartnerTimeoutError,
  isPartnerTokenProviderError,
  isPartnerTurnError,
} from '@partner-assistant/client';

/** What to tell the user about a failure, and whether offering "Try again" makes sense. */
export interface ErrorNotice {
  message: string;
  canRetry: boolean;
}

/**
 * Turns the SDK's typed errors into words for the user: what happened and what to do, never a
 * status code. The request id, when there is one, is for support.
 */
export function describeError(error: Error): ErrorNotice {
  if (isPartnerApiError(error, 'rate_limit_exceeded')) {
    const seconds = Math.ceil((error.retryAfterMs ?? 0) / 1000);
    const wait = seconds > 0 ? `in ${seconds} s` : 'in a moment';
    return { message: `You have sent too many messages. Try again ${wait}.`, canRetry: true };
  }
  if (
    isPartnerTokenProviderError(error) ||
    isPartnerApiError(error, 'unauthorized') ||
    isPartnerApiError(error, 'insufficient_scope')
  ) {
    return {
      message: 'Your session has expired or you are signed out. Sign in again to chat.',
      canRetry: false,
    };
  }
  if (isPartnerTurnError(error)) {
    return { message: 'The assistant could not answer this question.', canRetry: true };
  }
  if (isPartnerNetworkError(error) || isPartnerTimeoutError(error)) {
    return { message: 'The assistant cannot be reached. Check your connection.', canRetry: true };
  }
  const reference = isPartnerApiError(error) && error.requestId ? ` (ref. ${error.requestId})` : '';
  return { message: `Something went wrong${reference}.`, canRetry: true };
}
