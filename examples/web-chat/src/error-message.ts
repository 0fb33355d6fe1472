import {
  isPartnerApiError,
  isPartnerNetworkError,
  isPartnerTimeoutError,
  isPartnerTokenProviderError,
  isPartnerTurnError,
} from '@partner-assistant/client';
import type { ConnectionStatus } from '@partner-assistant/react';
import { TokenEndpointError } from './user-token.ts';

/** What to tell the user about a failure, and whether offering "Try again" makes sense. */
export interface ErrorNotice {
  message: string;
  canRetry: boolean;
}

/**
 * What kind of failure an error is, as the user sees it. `unreachable`: the assistant's API (or
 * your backend on the way to it) cannot be reached, trying again may work. `signed_out`: the
 * session expired or the user signed out, only signing in again helps. `gone`: the API does not
 * know the conversation (`404 not_found`: it was deleted, or the API lost its data); trying again
 * can never work there, a new conversation can.
 */
export type FailureKind =
  | 'unreachable'
  | 'signed_out'
  | 'rate_limited'
  | 'turn_failed'
  | 'gone'
  | 'other';

/** Gateway statuses: something between the browser and the API is down, not the request. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Sorts the SDK's typed errors (and the token endpoint's) into what the user must know. */
export function failureKind(error: Error): FailureKind {
  if (isPartnerApiError(error, 'rate_limit_exceeded')) return 'rate_limited';
  if (isPartnerApiError(error, 'unauthorized')) return 'signed_out';
  // By the API's code, never its message: the conversation (or its turn) is not there for this user.
  if (isPartnerApiError(error, 'not_found')) return 'gone';
  if (isPartnerApiError(error) && GATEWAY_STATUSES.has(error.status)) return 'unreachable';
  if (isPartnerTokenProviderError(error)) {
    if (error.failure === 'signed_out') return 'signed_out';
    if (error.failure === 'timeout') return 'unreachable';
    if (error.failure === 'threw') return tokenEndpointFailure(error.cause);
    return 'other';
  }
  if (isPartnerTurnError(error)) return 'turn_failed';
  if (isPartnerNetworkError(error) || isPartnerTimeoutError(error)) return 'unreachable';
  return 'other';
}

/** Why `fetchUserToken` threw: your endpoint's 502/503, or no answer at all (fetch's TypeError). */
function tokenEndpointFailure(cause: unknown): FailureKind {
  if (cause instanceof TokenEndpointError) return cause.unreachable ? 'unreachable' : 'other';
  return cause instanceof TypeError ? 'unreachable' : 'other';
}

/**
 * Turns the SDK's typed errors into words for the user: what happened and what to do, never a
 * status code. The request id, when there is one, is for support.
 */
export function describeError(error: Error): ErrorNotice {
  switch (failureKind(error)) {
    case 'rate_limited': {
      const retryAfterMs = isPartnerApiError(error) ? error.retryAfterMs : undefined;
      const seconds = Math.ceil((retryAfterMs ?? 0) / 1000);
      const wait = seconds > 0 ? `in ${seconds} s` : 'in a moment';
      return { message: `You have sent too many messages. Try again ${wait}.`, canRetry: true };
    }
    case 'signed_out':
      return { message: SIGNED_OUT, canRetry: false };
    case 'unreachable':
      return { message: "Can't reach the assistant. Check your connection.", canRetry: true };
    case 'turn_failed':
      return { message: 'The assistant could not answer this question.', canRetry: true };
    case 'gone':
      return { message: CONVERSATION_GONE, canRetry: false };
    case 'other': {
      const id = isPartnerApiError(error) ? error.requestId : undefined;
      return { message: `Something went wrong${id ? ` (ref. ${id})` : ''}.`, canRetry: true };
    }
  }
}

/** What the chat says of a conversation the API does not know (see {@link FailureKind}). */
export const CONVERSATION_GONE = 'This conversation is no longer available.';

const SIGNED_OUT = 'Your session has expired or you signed out. Sign in again to chat.';

/**
 * What the connection banner says, or `null` when there is nothing to say. While the client waits
 * to try again, the countdown (`retryInMs`, shown in whole seconds rounded up) tells when;
 * `canRetry` offers to try at once.
 */
export function describeConnection(status: ConnectionStatus): ErrorNotice | null {
  const { state, lastError, retryInMs } = status;
  if (state === 'closed') {
    if (lastError && failureKind(lastError) === 'signed_out') {
      return { message: SIGNED_OUT, canRetry: false };
    }
    return { message: 'Disconnected from the assistant.', canRetry: true };
  }
  if (state === 'suspended' && retryInMs === undefined) {
    // Suspended with nothing scheduled: the device is offline, the client waits for `online`.
    return { message: "You're offline; answers will arrive when you're back.", canRetry: false };
  }
  if (state !== 'reconnecting' && state !== 'suspended') return null;
  const when = retryInMs ? ` in ${Math.ceil(retryInMs / 1000)} s` : '';
  return { message: `Can't reach the assistant. Retrying${when}…`, canRetry: true };
}
