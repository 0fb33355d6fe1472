import { WEBSOCKET_PATH } from '@partner-assistant/contract';
import type { EngineResponse } from '../errors/engine-response.ts';
import type { HttpOutcome } from '../http/http-request-entry.ts';
import { recordedPath } from '../http/recorded-path.ts';
import { CONTRACT_VIOLATION_HEADER } from '../self-check/contract-guard.ts';
import type { SocketFrameRecord } from '../socket/socket-hooks.ts';
import type { RecordedEntry } from './request-journal.ts';

/** A REST exchange as an adapter saw it, for the journal. */
export interface HttpExchange {
  /** HTTP method. */
  method: string;
  /** Raw path (redacted unless it is a known route). */
  path: string;
  /** What the engine answered. */
  outcome: Pick<HttpOutcome, 'response' | 'requestId' | 'clientId' | 'operation'>;
  /** Wall-clock duration, injected latency included. */
  durationMs?: number;
}

function errorCodeOf(response: EngineResponse): string | undefined {
  if (response.status < 400) return undefined;
  const code = (response.body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The journal entry of a REST exchange: no header, body or query is kept. */
export function httpJournalEntry(exchange: HttpExchange): RecordedEntry {
  const { outcome } = exchange;
  const errorCode = errorCodeOf(outcome.response);
  const violation = outcome.response.headers[CONTRACT_VIOLATION_HEADER];
  // Fields in the order the journal has always shown them; absent ones are left out.
  const entry: RecordedEntry = {
    kind: 'http',
    method: exchange.method.toUpperCase().slice(0, 16),
    path: recordedPath(outcome.operation, exchange.path),
  };
  if (outcome.operation) entry.operation = outcome.operation;
  entry.status = outcome.response.status;
  if (errorCode) entry.errorCode = errorCode;
  if (exchange.durationMs !== undefined)
    entry.durationMs = Math.round(exchange.durationMs * 100) / 100;
  entry.requestId = outcome.requestId;
  if (outcome.clientId) entry.clientId = outcome.clientId;
  if (violation) entry.contractViolation = violation;
  return entry;
}

/** The journal entry of a WebSocket frame or close: its type, never its content. */
export function frameJournalEntry(frame: SocketFrameRecord): RecordedEntry {
  const entry: RecordedEntry = {
    kind: 'ws',
    path: WEBSOCKET_PATH,
    direction: frame.direction,
    frameType: frame.frameType,
    clientId: frame.clientId,
  };
  if (frame.closeCode !== undefined) entry.status = frame.closeCode;
  if (frame.errorCode) entry.errorCode = frame.errorCode;
  if (frame.violation) entry.contractViolation = frame.violation;
  return entry;
}
