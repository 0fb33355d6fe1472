import { z } from 'zod';
import { uuidSchema } from '../primitives/uuid.ts';

/** Response of conversation deletion. */
export const deleteConversationResponseSchema = z
  .looseObject({ deleted: z.literal(true), conversation_id: uuidSchema })
  .meta({ id: 'DeleteConversationResponse' });

/** Response of turn deletion: both messages have left the history. */
export const deleteTurnResponseSchema = z
  .looseObject({
    deleted: z.literal(true),
    turn_id: uuidSchema,
    conversation_id: uuidSchema,
    user_message_id: uuidSchema,
    assistant_message_id: uuidSchema,
  })
  .meta({ id: 'DeleteTurnResponse' });

/** Response of user data erasure. */
export const eraseUserResponseSchema = z
  .looseObject({ deleted: z.literal(true) })
  .meta({ id: 'EraseUserResponse' });

/** Response of conversation deletion. */
export type DeleteConversationResponse = z.infer<typeof deleteConversationResponseSchema>;
/** Response of turn deletion. */
export type DeleteTurnResponse = z.infer<typeof deleteTurnResponseSchema>;
/** Response of user data erasure. */
export type EraseUserResponse = z.infer<typeof eraseUserResponseSchema>;
