import type { ErrorDetail } from '@partner-assistant/contract';

/** What the SDKs keep of an error envelope. */
export interface EnvelopeError {
  code: string;
  message: string;
  retryable: boolean;
  requestId: string | undefined;
  details: ErrorDetail[];
}

/** True for an object that is not an array (or `null`). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ErrorDetail =>
      isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string',
  );
}

/**
 * Reads the API's error envelope (`{ error: { code, message, retryable, request_id } }`) from a
 * parsed body, or returns `undefined` when the body is not one (a proxy's page, say). Written by
 * hand rather than with the contract's zod schema so that the browser SDK carries no zod; a test
 * holds it to the contract's `errorEnvelopeSchema`.
 */
export function readErrorEnvelope(body: unknown): EnvelopeError | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, retryable, request_id, details } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string' || typeof retryable !== 'boolean') {
    return undefined;
  }
  const requestId = typeof request_id === 'string' ? request_id : undefined;
  return { code, message, retryable, requestId, details: readDetails(details) };
}
