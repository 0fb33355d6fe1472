import type { ServerEvent, ServerEventType } from '@partner-assistant/contract';
import { SERVER_EVENT_TYPES } from '@partner-assistant/contract/constants';
import { ERROR_BODY, MESSAGE, TURN, TURN_ERROR } from '../validation/response-guards.ts';
import { isRecord, type Shape, whyNot } from '../validation/shape.ts';

const TURN_EVENT = { turn_id: 's', conversation_id: 's', seq: 'p' };

/** The contract's server events, as shapes (`frame-reader.test.ts` holds them to its schemas). */
export const EVENT_SHAPES: Record<ServerEventType, Shape> = {
  'turn.accepted': { ...TURN_EVENT, turn: TURN },
  'turn.running': { ...TURN_EVENT, turn: TURN },
  'turn.snapshot': { ...TURN_EVENT, turn: TURN, content: 's', 'label|': 's' },
  'assistant.status': { ...TURN_EVENT, label: 's' },
  'assistant.delta': { ...TURN_EVENT, text: 's' },
  'assistant.completed': { ...TURN_EVENT, message: MESSAGE },
  'assistant.error': { ...TURN_EVENT, error: TURN_ERROR },
  pong: { 'id?': 's' },
  'frame.rejected': { error: ERROR_BODY, 'client_message_id?': 's', 'turn_id?': 's' },
};

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
  const reason = whyNot(EVENT_SHAPES[type as ServerEventType], value, '');
  return reason ? `${type}: ${reason}` : (value as ServerEvent);
}
