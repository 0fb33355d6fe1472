import { REQUEST_ID_HEADER, RETRY_AFTER_HEADER } from '@partner-assistant/contract/constants';
import { PartnerApiError } from '../errors/partner-api-error.ts';
import { parseRetryAfter } from '../retry/retry-after.ts';
import type { ApiResponse } from './api-response.ts';
import { readErrorEnvelope } from './read-error-envelope.ts';

/**
 * Builds the error for a non-2xx response from its envelope. When the body is not an envelope
 * (a proxy's HTML page), 5xx and 429 stay retryable, everything else does not.
 */
export async function errorFromResponse(response: Response, now: number): Promise<PartnerApiError> {
  const retryAfterMs = parseRetryAfter(response.headers.get(RETRY_AFTER_HEADER), now);
  const envelope = readErrorEnvelope(await response.json().catch(() => undefined));
  // What a body that is no envelope gets; an envelope's code, message and retryable replace it.
  return new PartnerApiError({
    status: response.status,
    code: fallbackCode(response.status),
    message: `HTTP ${response.status} without an error envelope`,
    // As the codes these statuses carry in API_ERROR_CODES: 429 and 5xx may succeed later.
    retryable: response.status === 429 || response.status >= 500,
    ...envelope,
    requestId: envelope?.requestId ?? response.headers.get(REQUEST_ID_HEADER) ?? undefined,
    retryAfterMs,
  });
}

function fallbackCode(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 503) return 'queue_unavailable';
  if (status >= 500) return 'internal_error';
  if (status === 401) return 'unauthorized';
  return 'unexpected_status';
}

/** The error for a 2xx answer whose body the SDK cannot use: never retried. */
export function invalidResponse(response: ApiResponse, message: string): PartnerApiError {
  return new PartnerApiError({
    status: response.status,
    code: 'invalid_response',
    message,
    retryable: false,
    requestId: response.requestId,
  });
}
