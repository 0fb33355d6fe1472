import {
  errorEnvelopeSchema,
  HTTP_HEADERS,
  isApiErrorCode,
  isRetryableCode,
} from '@partner-assistant/contract';
import { PartnerApiError } from '../errors/partner-api-error.ts';
import { parseRetryAfter } from './retry-after.ts';

/**
 * Builds the error for a non-2xx response from its envelope. When the body is not an envelope
 * (a proxy's HTML page), 5xx and 429 stay retryable, everything else does not.
 */
export async function errorFromResponse(response: Response, now: number): Promise<PartnerApiError> {
  const retryAfterMs = parseRetryAfter(response.headers.get(HTTP_HEADERS.retryAfter), now);
  const headerRequestId = response.headers.get(HTTP_HEADERS.requestId) ?? undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, retryable, request_id, details } = parsed.data.error;
    return new PartnerApiError({
      status: response.status,
      code,
      message,
      retryable,
      requestId: request_id,
      details,
      retryAfterMs,
    });
  }
  const code = fallbackCode(response.status);
  return new PartnerApiError({
    status: response.status,
    code,
    message: `HTTP ${response.status} without an error envelope`,
    retryable: isApiErrorCode(code) && isRetryableCode(code),
    requestId: headerRequestId,
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
