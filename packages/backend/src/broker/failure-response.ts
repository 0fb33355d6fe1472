import { HTTP_HEADERS } from '@partner-assistant/contract';
import {
  isPartnerApiError,
  isPartnerError,
  isPartnerNetworkError,
  isPartnerTimeoutError,
} from '@partner-assistant/sdk-core';
import type { TokenBrokerResponse } from './token-broker.ts';

/** `Retry-After` of a broker 503 when the API gave none (seconds). */
const BROKER_RETRY_AFTER_SECONDS = 5;

/** `Cache-Control: no-store`: no token answer (nor failure) is ever cached. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** An error answer of the broker, without upstream details. */
export function failure(
  status: number,
  code: string,
  message: string,
  retryable: boolean,
): TokenBrokerResponse {
  return { status, headers: { ...NO_STORE }, body: { error: { code, message, retryable } } };
}

/**
 * What the broker answers when issuing failed: 503 with `Retry-After` (the API's, or
 * {@link BROKER_RETRY_AFTER_SECONDS}) when trying again later may work, saying whether the API
 * cannot be reached (network failure, timeout) or is busy (its own 429/503); 502 otherwise.
 */
export function issuanceFailure(error: unknown): TokenBrokerResponse {
  if (!isPartnerError(error) || !error.retryable) {
    return failure(502, 'token_unavailable', 'Could not obtain an assistant token', false);
  }
  const response = failure(503, 'service_unavailable', messageOf(error), true);
  const retryAfterMs = isPartnerApiError(error) ? error.retryAfterMs : undefined;
  const seconds =
    retryAfterMs === undefined ? BROKER_RETRY_AFTER_SECONDS : Math.ceil(retryAfterMs / 1000);
  response.headers[HTTP_HEADERS.retryAfter] = String(Math.max(1, seconds));
  return response;
}

function messageOf(error: unknown): string {
  if (isPartnerNetworkError(error) || isPartnerTimeoutError(error)) {
    return 'The assistant cannot be reached; try again shortly';
  }
  if (isPartnerApiError(error) && (error.status === 429 || error.status === 503)) {
    return 'The assistant is busy; try again shortly';
  }
  return 'The assistant is unavailable; try again shortly';
}
