/** Server events and REST bodies as the contract describes them, for the client's tests. */
import type { Message, Turn, TurnStatus } from '@partner-assistant/contract';

export const CONVERSATION_ID = '0d1c2b3a-4f5e-4a6b-8c7d-9e0f1a2b3c4d';
export const TURN_ID = '5f7c0c6e-8d0a-4b51-9a7e-1c2d3e4f5a6b';
const AT = '2026-11-21T09:30:00.000Z';

/** An assistant message of turn `turnId`. */
export function message(content: string, turnId = TURN_ID): Message {
  return {
    message_id: '6f1c1b8e-3c2a-4e55-9d0e-2f8f0b7a9c11',
    turn_id: turnId,
    role: 'assistant',
    content,
    status: 'completed',
    created_at: AT,
    cards: [],
    visualizations: [],
    suggested_actions: [],
  };
}

/** A turn in `status`, sent with idempotency key `key`. */
export function turn(status: TurnStatus, extra: Partial<Turn> = {}, key = 'key-1'): Turn {
  return {
    turn_id: TURN_ID,
    conversation_id: CONVERSATION_ID,
    status,
    created_at: AT,
    updated_at: AT,
    client_message_id: key,
    user_message_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    assistant_message: null,
    error: null,
    ...extra,
  };
}

/** A turn event of the test turn at `seq`: the type's fields come in `fields`. */
export function event<T extends string>(type: T, seq: number, fields: object = {}) {
  return { type, turn_id: TURN_ID, conversation_id: CONVERSATION_ID, seq, ...fields };
}

/** `turn.accepted` of the test turn. */
export const accepted = (seq = 1, key = 'key-1') =>
  event('turn.accepted', seq, { turn: turn('queued', {}, key) });
