import { z } from 'zod';
import { messageSchema } from '../resources/message.ts';

/** Response of history listing: one page of messages, oldest first. */
export const listMessagesResponseSchema = z
  .looseObject({
    messages: z.array(messageSchema),
    has_more: z.boolean().meta({ description: 'True when later messages exist past this page.' }),
  })
  .meta({ id: 'ListMessagesResponse' });

/** Response of history listing. */
export type ListMessagesResponse = z.infer<typeof listMessagesResponseSchema>;
