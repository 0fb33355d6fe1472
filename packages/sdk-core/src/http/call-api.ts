import { isPartnerApiError } from '../errors/partner-api-error.ts';
import { withRetries } from '../retry/retry-loop.ts';
import type { PartnerLogger } from '../transport-options.ts';
import type { ApiResult } from './api-response.ts';
import { invalidResponse } from './error-from-response.ts';
import { type RequestOptions, withRequestOptions } from './request-options.ts';
import type { ResolvedTransport } from './resolve-transport.ts';
import { type HttpMethod, sendRequest } from './send-request.ts';

/** Reads a success body; the contract's zod schemas fit. A `reason` ends the error message. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; reason?: string };
}

/** What every call of one SDK instance shares. */
export interface ApiCallContext {
  /** `baseUrl` plus the version prefix. */
  apiUrl: string;
  transport: ResolvedTransport;
  /** The `Authorization` value of an attempt (asked again before every attempt). */
  authorization: (signal?: AbortSignal) => string | Promise<string>;
  /**
   * Called once per call when the API answers `401` to `rejected`: returns a fresh
   * `Authorization` value to try once more, or `undefined` to give up.
   */
  reauthorize?: (rejected: string, signal?: AbortSignal) => Promise<string | undefined>;
  logger?: PartnerLogger | undefined;
}

/** One operation: its name, method, filled-in path, body, response check and the call's options. */
export interface ApiCall<T> {
  operation: string;
  method: HttpMethod;
  path: string;
  json?: unknown;
  /** Checks the success body; without one the body is trusted as the contract's type. */
  schema?: ResponseSchema<T>;
  /** The caller's options of this call, over the SDK's. */
  options?: RequestOptions | undefined;
}

/**
 * Sends an operation with retries (only what the API marks retryable, network failures and
 * timeouts), one re-authorization after a `401` when the SDK can get a fresh token, and an
 * optional check of the success body; the call's options (timeout, retries, headers) replace the
 * SDK's for this call only. Resolves to the body with the answer that carried it. Log lines name
 * the operation, status, code and request id only: no secret, token, user id or message text.
 */
export async function callApi<T>(context: ApiCallContext, call: ApiCall<T>): Promise<ApiResult<T>> {
  const { operation, options = {} } = call;
  const { signal } = options;
  const transport = withRequestOptions(context.transport, options);
  const log = (level: 'debug' | 'warn', message: string, details?: Record<string, unknown>) =>
    context.logger?.[level]?.(`partner-assistant: ${message}`, { operation, ...details });
  const send = (authorization: string) =>
    sendRequest(
      { ...call, url: context.apiUrl + call.path, authorization, headers: transport.headers },
      { ...transport, signal },
    );
  let reauthorized = false;
  const attempt = async () => {
    const authorization = await context.authorization(signal);
    try {
      return await send(authorization);
    } catch (error) {
      if (reauthorized || !context.reauthorize || !isPartnerApiError(error, 'unauthorized'))
        throw error;
      reauthorized = true;
      const fresh = await context.reauthorize(authorization, signal);
      if (fresh === undefined) throw error;
      log('debug', 'retrying with a fresh token');
      return await send(fresh);
    }
  };
  try {
    const result = await withRetries(
      attempt,
      {
        ...transport.retry,
        onRetry: (info) => log('debug', 'retrying', { ...info, error: summarize(info.error) }),
      },
      signal,
    );
    const { response } = result;
    log('debug', 'request done', { requestId: response.requestId });
    if (!call.schema) return result as ApiResult<T>;
    const parsed = call.schema.safeParse(result.data);
    if (parsed.success) return { data: parsed.data, response };
    throw invalidResponse(
      response,
      `The ${operation} response breaks the API contract${parsed.reason ? ` (${parsed.reason})` : ''}`,
    );
  } catch (error) {
    log('warn', 'request failed', { error: summarize(error) });
    throw error;
  }
}

function summarize(error: unknown): Record<string, unknown> {
  if (isPartnerApiError(error)) {
    return { name: error.name, code: error.code, status: error.status, requestId: error.requestId };
  }
  return { name: error instanceof Error ? error.name : typeof error };
}
