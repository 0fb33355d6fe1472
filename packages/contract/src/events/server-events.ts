import { z } from 'zod';
import { SERVER_EVENT_TYPES } from '../constants/event-types.ts';
import { errorBodySchema } from '../errors/error-envelope.ts';
import { uuidSchema } from '../primitives/uuid.ts';
import { messageSchema } from '../resources/message.ts';
import { turnErrorSchema, turnSchema } from '../resources/turn.ts';

/** Fields every event about a turn carries, so a client can route it and detect gaps. */
const turnEventFields = {
  turn_id: uuidSchema,
  conversation_id: uuidSchema,
  seq: z.int().positive().meta({
    description: "Position of the event in its turn's stream: 1, 2, 3… without gaps.",
  }),
};

const turnEvent = <T extends string, S extends z.ZodRawShape>(type: T, shape: S, id: string) =>
  z.looseObject({ type: z.literal(type), ...turnEventFields, ...shape }).meta({ id });

/** The message was accepted: its turn is `queued`. Always `seq` 1. */
export const turnAcceptedEventSchema = turnEvent(
  'turn.accepted',
  { turn: turnSchema },
  'TurnAcceptedEvent',
);

/** The turn started processing: its turn is `running`. */
export const turnRunningEventSchema = turnEvent(
  'turn.running',
  { turn: turnSchema },
  'TurnRunningEvent',
);

/**
 * State of a turn at `seq`, sent in answer to `turn.subscribe` or to a replayed `user.message`.
 * `content` is all the answer text streamed so far; later events have a higher `seq`, so no text
 * is lost or repeated. For an ended turn, `turn.assistant_message` holds the result.
 */
export const turnSnapshotEventSchema = turnEvent(
  'turn.snapshot',
  {
    turn: turnSchema,
    content: z.string(),
    label: z.string().nullable().meta({ description: 'Last progress label, if any.' }),
  },
  'TurnSnapshotEvent',
);

/** Progress text for the user, such as "Looking up procedures…". */
export const assistantStatusEventSchema = turnEvent(
  'assistant.status',
  { label: z.string() },
  'AssistantStatusEvent',
);

/** A chunk of the answer; the answer is the concatenation of a turn's deltas in `seq` order. */
export const assistantDeltaEventSchema = turnEvent(
  'assistant.delta',
  { text: z.string() },
  'AssistantDeltaEvent',
);

/** The turn ended with an answer: the final assistant message. Last event of its turn. */
export const assistantCompletedEventSchema = turnEvent(
  'assistant.completed',
  { message: messageSchema },
  'AssistantCompletedEvent',
);

/** The turn failed. Last event of its turn. */
export const assistantErrorEventSchema = turnEvent(
  'assistant.error',
  { error: turnErrorSchema },
  'AssistantErrorEvent',
);

/** Answer to `ping`; carries the ping's `id` when it had one. */
export const pongEventSchema = z
  .looseObject({ type: z.literal('pong'), id: z.string().optional() })
  .meta({ id: 'PongEvent' });

/**
 * A client frame was refused (invalid frame, unknown turn, idempotency conflict, rate limit…).
 * Carries the identifiers of the refused frame, when it had them.
 */
export const frameRejectedEventSchema = z
  .looseObject({
    type: z.literal('frame.rejected'),
    error: errorBodySchema,
    client_message_id: z.string().optional(),
    turn_id: z.string().optional(),
  })
  .meta({ id: 'FrameRejectedEvent' });

export { SERVER_EVENT_TYPES };

/** Any event the server sends. Clients must ignore events of a type they do not know. */
export const serverEventSchema = z
  .discriminatedUnion('type', [
    turnAcceptedEventSchema,
    turnRunningEventSchema,
    turnSnapshotEventSchema,
    assistantStatusEventSchema,
    assistantDeltaEventSchema,
    assistantCompletedEventSchema,
    assistantErrorEventSchema,
    pongEventSchema,
    frameRejectedEventSchema,
  ])
  .meta({ id: 'ServerEvent' });

/** Any event the server sends. */
export type ServerEvent = z.infer<typeof serverEventSchema>;
/** Type of a server event. */
export type ServerEventType = (typeof SERVER_EVENT_TYPES)[number];
/** The server event of a given type. */
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;
/** An event about a turn (every server event but `pong` and `frame.rejected`). */
export type TurnEvent = Exclude<ServerEvent, { type: 'pong' | 'frame.rejected' }>;
