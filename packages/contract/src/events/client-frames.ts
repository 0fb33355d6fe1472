import { z } from 'zod';
import { uuidSchema } from '../primitives/uuid.ts';
import { clientMessageIdSchema, messageTextSchema } from '../requests/send-message-request.ts';
import { locationSchema, messageMetadataSchema } from '../resources/message-input.ts';

/** Sends a user message over the WebSocket; same idempotency as the REST submission. */
export const userMessageFrameSchema = z
  .strictObject({
    type: z.literal('user.message'),
    conversation_id: uuidSchema,
    client_message_id: clientMessageIdSchema,
    message: messageTextSchema,
    location: locationSchema.optional(),
    metadata: messageMetadataSchema.optional(),
  })
  .meta({
    id: 'UserMessageFrame',
    examples: [
      {
        type: 'user.message',
        conversation_id: '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35',
        client_message_id: 'c7f1d2e3-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
        message: 'How do I renew my passport?',
        location: { city: 'Lyon' },
      },
    ],
  });

/** Asks for a `pong`; `id`, when given, is echoed back. */
export const pingFrameSchema = z
  .strictObject({ type: z.literal('ping'), id: z.string().max(128).optional() })
  .meta({ id: 'PingFrame', examples: [{ type: 'ping' }] });

/**
 * Subscribes this socket to a turn, for example after a reconnection: the server answers with a
 * `turn.snapshot` and then streams the turn's later events.
 */
export const turnSubscribeFrameSchema = z
  .strictObject({ type: z.literal('turn.subscribe'), turn_id: uuidSchema })
  .meta({
    id: 'TurnSubscribeFrame',
    examples: [{ type: 'turn.subscribe', turn_id: '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9' }],
  });

/** Any frame a client may send. */
export const clientFrameSchema = z
  .discriminatedUnion('type', [userMessageFrameSchema, pingFrameSchema, turnSubscribeFrameSchema])
  .meta({ id: 'ClientFrame' });

/** Sends a user message over the WebSocket. */
export type UserMessageFrame = z.input<typeof userMessageFrameSchema>;
/** Asks for a `pong`. */
export type PingFrame = z.input<typeof pingFrameSchema>;
/** Subscribes this socket to a turn. */
export type TurnSubscribeFrame = z.input<typeof turnSubscribeFrameSchema>;
/** Any frame a client may send. */
export type ClientFrame = z.input<typeof clientFrameSchema>;
