import { HTTP_HEADERS } from '@partner-assistant/contract';
import ky, { isTimeoutError } from 'ky';
import { PartnerApiError } from '../errors/partner-api-error.ts';
import { PartnerNetworkError } from '../errors/partner-network-error.ts';
import { PartnerTimeoutError } from '../errors/partner-timeout-error.ts';
import { errorFromResponse } from './error-from-response.ts';

/** Where and how to send one request; the `authorization` value never leaves this module. */
export interface RequestTarget {
  method: 'POST' | 'DELETE';
  url: string;
  authorization: string;
  json?: unknown;
}

/** Platform pieces and limits of one attempt. */
export interface AttemptSettings {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => number;
  signal?: AbortSignal | undefined;
}

/** A success body with the id the server gave the request. */
export interface ApiResult {
  body: unknown;
  requestId: string | undefined;
  status: number;
}

/**
 * Sends one attempt through ky (its own retries off: the SDK's loop decides) and maps every
 * failure to this package's errors. ky's errors are not kept as `cause`: they hold the request,
 * whose headers carry the credentials.
 */
export async function sendRequest(
  target: RequestTarget,
  settings: AttemptSettings,
): Promise<ApiResult> {
  let response: Response;
  try {
    response = await ky(target.url, {
      method: target.method,
      json: target.json,
      headers: { authorization: target.authorization, accept: 'application/json' },
      fetch: settings.fetch,
      timeout: settings.timeoutMs,
      signal: settings.signal,
      retry: 0,
      throwHttpErrors: false,
    });
  } catch (error) {
    if (settings.signal?.aborted) throw settings.signal.reason;
    if (isTimeoutError(error)) throw new PartnerTimeoutError(settings.timeoutMs);
    throw new PartnerNetworkError(`Could not reach the Partner Assistant API: ${describe(error)}`, {
      cause: error,
    });
  }
  if (!response.ok) throw await errorFromResponse(response, settings.now());
  const requestId = response.headers.get(HTTP_HEADERS.requestId) ?? undefined;
  const body: unknown = await response.json().catch(() => {
    throw new PartnerApiError({
      status: response.status,
      code: 'invalid_response',
      message: 'The API answered with a body that is not JSON',
      retryable: false,
      requestId,
    });
  });
  return { body, requestId, status: response.status };
}

function describe(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const detail = cause instanceof Error ? cause.message : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return detail ? `${message} (${detail})` : message;
}
