import pino, { type Logger } from 'pino';
import { batchedLines } from './log-batch.ts';

/** How the CLI writes its logs: one readable line per event, or pino's JSON lines. */
export type LogFormat = 'pretty' | 'json';

/** pino's levels, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the logs go: stderr, or a test's collector. */
interface LogStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/** Fields every pino line carries, shown elsewhere on a pretty line or not at all. */
const HEADER_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

function clockTime(time: unknown): string {
  return new Date(typeof time === 'number' ? time : Date.now()).toISOString().slice(11, 23);
}

function fieldText(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'message' in value)
    return JSON.stringify(String(value.message));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One pino JSON line as one readable line: `12:00:01.250 INFO  POST /api/partners/v1/tokens 200
 * 3.1 ms issueToken demo-sandbox (request 7c9e…)` for a request, else the message and its fields.
 */
export function prettyLogLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const label = (pino.levels.labels[Number(record.level)] ?? 'log').toUpperCase().padEnd(5);
  const head = `${clockTime(record.time)} ${label}`;
  if (record.msg === 'request') {
    const { method, path, status, duration_ms, operation, client_id, request_id } = record;
    const who = [operation, client_id].filter((part) => typeof part === 'string').join(' ');
    return `${head} ${method} ${path} ${status} ${duration_ms} ms${who ? ` ${who}` : ''} (request ${request_id})\n`;
  }
  const fields = Object.entries(record)
    .filter(([key]) => !HEADER_FIELDS.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  return `${[head, String(record.msg ?? ''), ...fields].join(' ')}\n`;
}

/**
 * The CLI's logger, writing to `stream` (stderr): pretty lines when `format` says so, or when it
 * is absent and the stream is a terminal; pino's JSON lines otherwise, for log collectors. The
 * lines of one turn of the event loop are written together (see {@link batchedLines}).
 *
 * @example
 * const logger = createCliLogger({ format: undefined, level: 'info', stream: process.stderr });
 */
export function createCliLogger(options: {
  format: LogFormat | undefined;
  level: LogLevel;
  stream: LogStream;
}): Logger {
  const { stream, level } = options;
  const format = options.format ?? (stream.isTTY ? 'pretty' : 'json');
  const batch = batchedLines(stream);
  const write = format === 'json' ? batch : (line: string) => batch(prettyLogLine(line));
  return pino({ level }, { write });
}
