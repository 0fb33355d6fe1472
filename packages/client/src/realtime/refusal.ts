import type { ReceivedServerEventOf } from '@partner-assistant/contract';
import {
  type ApiErrorCode,
  API_ERROR_STATUSES as STATUSES,
} from '@partner-assistant/contract/constants';
import { PartnerApiError } from '@partner-assistant/sdk-core';

/**
 * The error a connection closed for good by the server fails with: 4400 (the request is wrong),
 * 4401 (the token refused twice in a minute), 4403 (no `chat:read`); never retryable.
 * @example
 * ```ts
 * refusalOf(4403); // PartnerApiError { status: 403, code: 'insufficient_scope' }
 * ```
 */
export function refusalOf(closeCode: number): PartnerApiError {
  // The code whose status is the close code less 4000; none has 400 (4400): `invalid_request`.
  const status = closeCode - 4000;
  const code = Object.keys(STATUSES).find((known) => STATUSES[known as ApiErrorCode] === status);
  return new PartnerApiError({
    status: code ? status : 400,
    code: code ?? 'invalid_request',
    message: `The server refused the connection (${closeCode})`,
    retryable: false,
  });
}

/**
 * The error a frame the server refused for good fails its turn with: the `frame.rejected` error,
 * with the status of its code (400 for a code this version does not know).
 */
export function rejectionOf({ error }: ReceivedServerEventOf<'frame.rejected'>): PartnerApiError {
  const { code, message, retryable, request_id: requestId } = error;
  const status = Object.hasOwn(STATUSES, code) ? STATUSES[code as ApiErrorCode] : 400;
  return new PartnerApiError({ status, code, message, retryable, requestId });
}
