import type { Location, MessageMetadata } from '@partner-assistant/contract';
import type { Question } from '../realtime/question-keeper.ts';

/** A question kept by the outbox until the API accepted it: everything to send it again. */
export interface OutboxEntry extends Question {
  /** When the app wrote it (ISO 8601, the client's clock). */
  createdAt: string;
  /**
   * How many times `chat.send` took it so far (the first time, then each sending again, by the app
   * or from the outbox), whether or not the network took it: `1` for a question asked offline.
   */
  attempts: number;
}

/** Format version of a stored entry (also in its key: `…:v1:…`). */
const VERSION = 1;

/** The stored text of `entry`. */
export function serializeEntry(entry: OutboxEntry): string {
  return JSON.stringify({ v: VERSION, ...entry });
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entry stored as `text`, or `undefined` when it is not one this version wrote. */
export function parseEntry(text: string | null): OutboxEntry | undefined {
  let value: unknown;
  try {
    value = text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || value.v !== VERSION) return undefined;
  const { clientMessageId, conversationId, message, location, metadata, createdAt } = value;
  if (![clientMessageId, conversationId, message, createdAt].every(isString)) return undefined;
  const attempts = typeof value.attempts === 'number' ? value.attempts : 0;
  return {
    clientMessageId: clientMessageId as string,
    conversationId: conversationId as string,
    message: message as string,
    ...(isObject(location) ? { location: location as Location } : {}),
    ...(isObject(metadata) ? { metadata: metadata as MessageMetadata } : {}),
    createdAt: createdAt as string,
    attempts,
  };
}

/** The list of entry ids stored as `text` (an unreadable list is an empty one). */
export function parseIndex(text: string | null): string[] {
  try {
    const value: unknown = text === null ? [] : JSON.parse(text);
    return Array.isArray(value) ? value.filter(isString) : [];
  } catch {
    return [];
  }
}
