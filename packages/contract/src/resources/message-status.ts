import { z } from 'zod';

/** Every status a message can have. */
export const MESSAGE_STATUSES = ['completed', 'failed'] as const;

/**
 * Status of a message. A user message is `completed` once persisted. An assistant message exists
 * once its turn has ended: `completed`, or `failed` (empty content) when the turn failed.
 */
export const messageStatusSchema = z.enum(MESSAGE_STATUSES).meta({ id: 'MessageStatus' });

/** Status of a message. */
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** Author of a message. */
export const messageRoleSchema = z.enum(['user', 'assistant']).meta({ id: 'MessageRole' });

/** Author of a message. */
export type MessageRole = z.infer<typeof messageRoleSchema>;
