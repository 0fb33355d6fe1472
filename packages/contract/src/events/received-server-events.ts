import { z } from 'zod';
import { uuidSchema } from '../primitives/uuid.ts';
import {
  receivedMessageSchema,
  receivedTurnErrorSchema,
  receivedTurnSchema,
} from '../responses/received-responses.ts';
import {
  assistantCompletedEventSchema,
  assistantDeltaEventSchema,
  assistantErrorEventSchema,
  assistantStatusEventSchema,
  frameRejectedEventSchema,
  pongEventSchema,
  turnAcceptedEventSchema,
  turnRunningEventSchema,
  turnSnapshotEventSchema,
} from './server-events.ts';

/** No client reads an event's `conversation_id`: it may be absent. `turn_id` and `seq` may not. */
const envelope = { conversation_id: uuidSchema.optional() };

/**
 * Any server event as a client must accept it (see `received-responses.ts`): the message of
 * `assistant.completed` may lack `turn_id`, the error of `assistant.error` may carry `message`
 * only, and a turn's message and error are read the same way. `serverEventSchema` stays exact.
 */
export const receivedServerEventSchema = z.discriminatedUnion('type', [
  turnAcceptedEventSchema.extend({ ...envelope, turn: receivedTurnSchema }),
  turnRunningEventSchema.extend({ ...envelope, turn: receivedTurnSchema }),
  turnSnapshotEventSchema.extend({ ...envelope, turn: receivedTurnSchema }),
  assistantStatusEventSchema.extend(envelope),
  assistantDeltaEventSchema.extend(envelope),
  assistantCompletedEventSchema.extend({ ...envelope, message: receivedMessageSchema }),
  assistantErrorEventSchema.extend({ ...envelope, error: receivedTurnErrorSchema }),
  pongEventSchema,
  frameRejectedEventSchema,
]);

/** Any server event, as received. */
export type ReceivedServerEvent = z.infer<typeof receivedServerEventSchema>;
/** The received server event of a given type. */
export type ReceivedServerEventOf<T extends ReceivedServerEvent['type']> = Extract<
  ReceivedServerEvent,
  { type: T }
>;
/** An event about a turn, as received (every server event but `pong` and `frame.rejected`). */
export type ReceivedTurnEvent = Exclude<ReceivedServerEvent, { type: 'pong' | 'frame.rejected' }>;
