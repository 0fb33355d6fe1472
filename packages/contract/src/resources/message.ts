import { z } from 'zod';
import { timestampSchema } from '../primitives/timestamp.ts';
import { uuidSchema } from '../primitives/uuid.ts';
import { messageRoleSchema, messageStatusSchema } from './message-status.ts';
import { cardSchema, suggestedActionSchema, visualizationSchema } from './structured-content.ts';

/** A user or assistant message. Structured content is empty on user messages. */
export const messageSchema = z
  .looseObject({
    message_id: uuidSchema,
    turn_id: uuidSchema,
    role: messageRoleSchema,
    content: z.string(),
    status: messageStatusSchema,
    created_at: timestampSchema,
    cards: z.array(cardSchema).default([]),
    visualizations: z.array(visualizationSchema).default([]),
    suggested_actions: z.array(suggestedActionSchema).default([]),
  })
  .meta({
    id: 'Message',
    examples: [
      {
        message_id: '6f1c1b8e-3c2a-4e55-9d0e-2f8f0b7a9c11',
        turn_id: '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9',
        role: 'assistant',
        content: 'To renew a passport in Lyon, book an appointment at a town hall.',
        status: 'completed',
        created_at: '2026-11-21T09:30:02.000Z',
        cards: [],
        visualizations: [],
        suggested_actions: [],
      },
    ],
  });

/** A user or assistant message. */
export type Message = z.infer<typeof messageSchema>;
