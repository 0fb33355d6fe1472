import { z } from 'zod';
import { timestampSchema } from '../primitives/timestamp.ts';
import { uuidSchema } from '../primitives/uuid.ts';
import { messageSchema } from './message.ts';
import { turnStatusSchema } from './turn-status.ts';

/** Why a turn failed: `turn.error` and the `error` of `assistant.error`. */
export const turnErrorSchema = z
  .looseObject({
    code: z.string().meta({
      description: 'Known values: `processing_failed`; clients must accept others.',
    }),
    message: z.string(),
    retryable: z.boolean().meta({ description: 'Sending the question again may succeed.' }),
  })
  .meta({ id: 'TurnError' });

/** A turn just accepted, as the examples of the documents show it. */
const QUEUED_TURN = {
  turn_id: '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9',
  conversation_id: '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35',
  status: 'queued',
  created_at: '2026-11-21T09:30:01.000Z',
  updated_at: '2026-11-21T09:30:01.000Z',
} as const;

/** The five fields the specification gives every turn. */
export const turnSummarySchema = z
  .looseObject({
    turn_id: uuidSchema,
    conversation_id: uuidSchema,
    status: turnStatusSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({
    id: 'TurnSummary',
    examples: [QUEUED_TURN],
  });

/**
 * A turn with its result: the user message it answers, and once it has ended, the assistant
 * message (`completed` or `failed`) and, when it failed, the error. The response of message
 * submission (202 and 200), of `GET /turns/{turn_id}` and the `turn` of turn events.
 */
export const turnSchema = turnSummarySchema
  .extend({
    client_message_id: z.string(),
    user_message_id: uuidSchema,
    assistant_message: messageSchema
      .nullable()
      .meta({ description: 'The assistant message once the turn has ended; null before.' }),
    error: turnErrorSchema.nullable().meta({ description: 'Why the turn failed; null otherwise.' }),
  })
  .meta({
    id: 'Turn',
    examples: [
      {
        ...QUEUED_TURN,
        client_message_id: 'c7f1d2e3-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
        user_message_id: '2a7d9e0f-1b3c-4d5e-8f6a-7b8c9d0e1f2a',
        assistant_message: null,
        error: null,
      },
    ],
  });

/** Why a turn failed. */
export type TurnError = z.infer<typeof turnErrorSchema>;
/** The five fields the specification gives every turn. */
export type TurnSummary = z.infer<typeof turnSummarySchema>;
/** A turn with its result. */
export type Turn = z.infer<typeof turnSchema>;
