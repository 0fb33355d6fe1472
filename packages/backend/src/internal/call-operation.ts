import { OPERATIONS, type OperationName } from '@partner-assistant/contract';
import { PartnerApiError } from '../errors/partner-api-error.ts';
import type { PartnerBackendLogger } from '../partner-backend-options.ts';
import type { ResolvedSettings } from './resolve-options.ts';
import { withRetries } from './retry-loop.ts';
import { sendRequest } from './send-request.ts';

/** Reads a success body; the contract's zod schemas fit. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** What every call shares: settings, the `Authorization` value and the logger. */
export interface CallContext {
  settings: ResolvedSettings;
  authorization: string;
  logger: PartnerBackendLogger | undefined;
}

/** One operation: its name, its path with parameters filled in, its body and its response schema. */
export interface OperationCall<T> {
  operation: OperationName;
  path: string;
  json?: unknown;
  schema: ResponseSchema<T>;
  signal?: AbortSignal | undefined;
}

/**
 * Sends an operation with retries and checks the success body against the contract. Log lines
 * name the operation and request id only: no secret, token or external user id.
 */
export async function callOperation<T>(context: CallContext, call: OperationCall<T>): Promise<T> {
  const { settings, authorization, logger } = context;
  const { operation, signal } = call;
  const { fetch, timeoutMs, now, retry } = settings;
  const method = OPERATIONS[operation].method as 'POST' | 'DELETE';
  const target = { method, url: `${settings.apiUrl}${call.path}`, authorization, json: call.json };
  const onRetry = (info: { attempt: number; delayMs: number; error: Error }) =>
    logger?.debug?.('partner-assistant: retrying', {
      operation,
      attempt: info.attempt,
      delayMs: info.delayMs,
      error: summarize(info.error),
    });
  try {
    const result = await withRetries(
      () => sendRequest(target, { fetch, timeoutMs, now, signal }),
      { ...retry, onRetry },
      signal,
    );
    logger?.debug?.('partner-assistant: request done', { operation, requestId: result.requestId });
    const parsed = call.schema.safeParse(result.body);
    if (parsed.success) return parsed.data;
    throw new PartnerApiError({
      status: result.status,
      code: 'invalid_response',
      message: `The ${operation} response does not match the API contract`,
      retryable: false,
      requestId: result.requestId,
    });
  } catch (error) {
    logger?.warn?.('partner-assistant: request failed', { operation, error: summarize(error) });
    throw error;
  }
}

function summarize(error: unknown): Record<string, unknown> {
  if (error instanceof PartnerApiError) {
    return { name: error.name, code: error.code, status: error.status, requestId: error.requestId };
  }
  return { name: error instanceof Error ? error.name : typeof error };
}
