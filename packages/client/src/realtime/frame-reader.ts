import type { ServerEvent } from '@partner-assistant/contract';
import { CONTRACT_SHAPES } from '../validation/contract-shapes.ts';
import { isRecord, whyNot } from '../validation/shape.ts';

/**
 * A frame that did not pass: why (naming its type, never its content), and the `turn_id` it
 * carried, when it did, so the turn can be recovered at once.
 */
export type SkippedFrame = [reason: string, turnId?: unknown];

/**
 * The door of every WebSocket frame: reads one text frame into a server event of the contract,
 * or says why it is skipped (not JSON, no string `type`, a known event whose fields do not fit
 * the contract). An event of a type this version does not know returns `undefined`: it passes,
 * unread, as the API asks clients to ignore it. An event that passes is a contract
 * `ReceivedServerEvent` (fields the project adds may be absent, ids lower-cased); the connection,
 * which reads only its `type`, names it by the exact type.
 */
export function readServerFrame(data: unknown): ServerEvent | SkippedFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data as string);
  } catch {
    return ['not JSON'];
  }
  const type = isRecord(value) ? value.type : undefined;
  if (typeof type !== 'string') return ['no type'];
  // The contract's event types are the shapes named in lower case (those of operations are named
  // in camelCase, the shared ones by a capital letter).
  if (type !== type.toLowerCase() || !Object.hasOwn(CONTRACT_SHAPES, type)) return undefined;
  const reason = whyNot(type, value, '');
  return reason
    ? [`${type}: ${reason}`, (value as { turn_id?: unknown }).turn_id]
    : (value as ServerEvent);
}
