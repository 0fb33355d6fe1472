import { TURN_EVENT_TYPES } from '@partner-assistant/contract/constants';

/** A server frame the client could read: at least a `type`; turn events carry `turn_id` and `seq`. */
export interface ServerFrame {
  type: string;
  turn_id?: string;
  seq?: number;
  [field: string]: unknown;
}

/** Event types that belong to a turn's `seq` sequence. */
const SEQUENCED = new Set<string>(TURN_EVENT_TYPES);

/**
 * Reads one text frame, or returns why it is skipped: not JSON, not an object with a string
 * `type`, or a turn event without a string `turn_id` and a positive whole `seq`. Events of types
 * this version does not know are kept, untouched, for forward compatibility.
 */
export function readServerFrame(data: unknown): ServerFrame | { skipped: string } {
  if (typeof data !== 'string') return { skipped: 'not a text frame' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { skipped: 'not JSON' };
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as ServerFrame).type !== 'string'
  ) {
    return { skipped: 'no type' };
  }
  const frame = value as ServerFrame;
  if (SEQUENCED.has(frame.type)) {
    if (typeof frame.turn_id !== 'string') return { skipped: `${frame.type} without turn_id` };
    if (!Number.isSafeInteger(frame.seq) || (frame.seq as number) < 1)
      return { skipped: `${frame.type} with a bad seq` };
  }
  return frame;
}

/** True for a turn event whose `seq` the client orders and deduplicates. */
export function isSequenced(frame: ServerFrame): boolean {
  return SEQUENCED.has(frame.type);
}
