import { z } from 'zod';
import { timestampSchema } from '../primitives/timestamp.ts';
import { uuidSchema } from '../primitives/uuid.ts';

/** A stored title: `null` until the conversation is given one. */
const storedTitleSchema = z
  .string()
  .nullable()
  .meta({ description: 'Normalized display name, or null when none was given.' });

/** Response of conversation creation or resumption. */
export const createdConversationSchema = z
  .looseObject({
    conversation_id: uuidSchema,
    title: storedTitleSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({
    id: 'CreatedConversation',
    examples: [
      {
        conversation_id: '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35',
        title: 'Renewing my passport',
        created_at: '2026-11-21T09:30:00.000Z',
        updated_at: '2026-11-21T09:30:00.000Z',
      },
    ],
  });

/** Response of a rename. */
export const renamedConversationSchema = z
  .looseObject({
    conversation_id: uuidSchema,
    title: z.string(),
    updated_at: timestampSchema,
    created_at: timestampSchema,
  })
  .meta({ id: 'RenamedConversation' });

/** Response of conversation creation or resumption. */
export type CreatedConversation = z.infer<typeof createdConversationSchema>;
/** Response of a rename. */
export type RenamedConversation = z.infer<typeof renamedConversationSchema>;
