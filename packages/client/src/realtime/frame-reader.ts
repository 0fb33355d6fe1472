import type { ServerEvent } from '@partner-assistant/contract';
import { SERVER_EVENT_TYPES } from '@partner-assistant/contract/constants';
import { isRecord, whyNot } from '../validation/shape.ts';

/**
 * The door of every WebSocket frame: reads one text frame into a server event of the contract,
 * or returns why it is skipped, naming its type but never its content (not JSON, no string
 * `type`, a known event whose fields do not fit the contract). An event of a type this version
 * does not know returns `undefined`: it passes, unread, as the API asks clients to ignore it.
 */
export function readServerFrame(data: unknown): ServerEvent | string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data as string);
  } catch {
    return 'not JSON';
  }
  const type = isRecord(value) ? value.type : undefined;
  if (typeof type !== 'string') return 'no type';
  if (!(SERVER_EVENT_TYPES as readonly string[]).includes(type)) return undefined;
  const reason = whyNot(type, value, '');
  return reason ? `${type}: ${reason}` : (value as ServerEvent);
}
