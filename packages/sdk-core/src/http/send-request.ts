import { REQUEST_ID_HEADER } from '@partner-assistant/contract/constants';
import type { PartnerApiError } from '../errors/partner-api-error.ts';
import { isPartnerError } from '../errors/partner-error.ts';
import { PartnerNetworkError } from '../errors/partner-network-error.ts';
import { PartnerTimeoutError } from '../errors/partner-timeout-error.ts';
import { abortReason } from '../retry/abort-reason.ts';
import { abortableSleep } from '../retry/abortable-sleep.ts';
import { raceWithSignal } from '../retry/race-with-signal.ts';
import type { ApiResponse, ApiResult } from './api-response.ts';
import { errorFromResponse, invalidResponse } from './error-from-response.ts';

/** An HTTP method the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Where and how to send one request; the `authorization` value never leaves this module. */
export interface RequestTarget {
  method: HttpMethod;
  url: string;
  authorization: string;
  json?: unknown;
  /** Extra headers (checked: none of the SDK's own). */
  headers?: Record<string, string>;
}

/** Platform pieces and limits of one attempt. */
export interface AttemptSettings {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => number;
  signal?: AbortSignal | undefined;
}

/**
 * Sends one attempt with `fetch` and maps every failure to the SDKs' errors: a non-2xx answer to
 * {@link PartnerApiError}, no answer to {@link PartnerNetworkError}, an attempt (headers and body)
 * longer than `timeoutMs` to {@link PartnerTimeoutError}; the caller's abort rejects with the
 * signal's own reason. The timeout is a sleep and the caller's signal is raced by hand, because
 * `AbortSignal.any` and `AbortSignal.timeout` are missing from some React Native runtimes; either
 * way the attempt's own `AbortController` then cancels the `fetch`.
 */
export async function sendRequest(
  target: RequestTarget,
  settings: AttemptSettings,
): Promise<ApiResult<unknown>> {
  const { signal, timeoutMs } = settings;
  if (signal?.aborted) throw abortReason(signal);
  // Ends the attempt: cancels the timeout's sleep and a `fetch` still running.
  const controller = new AbortController();
  const timeout = abortableSleep(timeoutMs, controller.signal).then(() => {
    throw new PartnerTimeoutError(timeoutMs);
  });
  try {
    // Raced rather than left to `fetch`: a fetch that ignores its signal must not hang the SDK.
    return await raceWithSignal(
      Promise.race([exchange(target, settings, controller.signal), timeout]),
      signal,
    );
  } finally {
    controller.abort();
  }
}

/** The attempt itself: any failure that is not already one of the SDKs' errors means no answer. */
async function exchange(
  target: RequestTarget,
  settings: AttemptSettings,
  signal: AbortSignal,
): Promise<ApiResult<unknown>> {
  const { json } = target;
  try {
    const response = await settings.fetch(target.url, {
      method: target.method,
      headers: {
        ...target.headers,
        accept: 'application/json',
        authorization: target.authorization,
        ...(json !== undefined && { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal,
    });
    if (!response.ok) throw await errorFromResponse(response, settings.now());
    return await readSuccess(response);
  } catch (error) {
    if (isPartnerError(error)) throw error;
    throw new PartnerNetworkError(`Could not reach the Partner Assistant API: ${describe(error)}`, {
      cause: error,
    });
  }
}

async function readSuccess(response: Response): Promise<ApiResult<unknown>> {
  const answer: ApiResponse = {
    status: response.status,
    headers: response.headers,
    requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
  };
  const text = await response.text();
  try {
    return { data: JSON.parse(text), response: answer };
  } catch {
    throw invalidResponse(answer, 'The response body is not JSON');
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Node's fetch says `fetch failed`; its cause says why (`connect ECONNREFUSED ...`).
  const detail = (error.cause as { message?: unknown } | null | undefined)?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}
