import {
  errorEnvelopeSchema,
  OPERATIONS,
  type OperationName,
  serverEventSchema,
} from '@partner-assistant/contract';
import type { z } from 'zod';

/** A response or event that does not match the contract, caught before it left. */
export interface ContractViolation {
  /** When (engine clock, ISO 8601). */
  at: string;
  /** A REST response or a WebSocket event. */
  kind: 'http' | 'ws';
  /** The operation of a REST response, when known. */
  operation?: OperationName;
  /** HTTP status of a REST response. */
  status?: number;
  /** Type of a WebSocket event. */
  eventType?: string;
  /** Short reason: the first failing paths and messages (never a value, so no secret or text). */
  reason: string;
}

function summarize(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 200);
}

/**
 * Why a REST answer breaks the contract, or `undefined` when it conforms: an error body must be
 * the envelope; a success must have one of the operation's statuses and match its schema.
 */
export function restResponseViolation(
  operation: OperationName | undefined,
  response: { status: number; body: unknown },
): string | undefined {
  if (response.status >= 400) {
    const result = errorEnvelopeSchema.safeParse(response.body);
    return result.success ? undefined : `error envelope: ${summarize(result.error)}`;
  }
  if (!operation) return `status ${response.status} without an operation`;
  const responses: Readonly<Record<number, { schema: z.ZodType } | undefined>> =
    OPERATIONS[operation].responses;
  const expected = responses[response.status];
  if (!expected) return `status ${response.status} is not a success status of ${operation}`;
  const result = expected.schema.safeParse(response.body);
  return result.success ? undefined : `${operation} ${response.status}: ${summarize(result.error)}`;
}

/** Why a WebSocket event breaks the contract, or `undefined` when it conforms. */
export function serverEventViolation(event: unknown): string | undefined {
  const result = serverEventSchema.safeParse(event);
  return result.success ? undefined : `server event: ${summarize(result.error)}`;
}
