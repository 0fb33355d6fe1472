/** The event types that belong to a turn, each with the turn's `turn_id` and its `seq`. */
export const TURN_EVENT_TYPES = [
  'turn.accepted',
  'turn.running',
  'turn.snapshot',
  'assistant.status',
  'assistant.delta',
  'assistant.completed',
  'assistant.error',
] as const;

/** Every event type the server sends: the turn events, `pong` and `frame.rejected`. */
export const SERVER_EVENT_TYPES = [...TURN_EVENT_TYPES, 'pong', 'frame.rejected'] as const;
