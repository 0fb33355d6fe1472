import { z } from 'zod';
import { externalUserIdSchema } from '../primitives/external-user-id.ts';
import { uuidSchema } from '../primitives/uuid.ts';

/** Path parameters of `/conversations/{conversation_id}` routes. */
export const conversationPathSchema = z.strictObject({ conversation_id: uuidSchema });
/** Path parameters of `/turns/{turn_id}` routes. */
export const turnPathSchema = z.strictObject({ turn_id: uuidSchema });
/** Path parameters of `/messages/{message_id}/feedback`. */
export const messagePathSchema = z.strictObject({ message_id: uuidSchema });
/** Path parameters of `/users/{external_user_id}` (percent-encoded in the URL). */
export const userPathSchema = z.strictObject({ external_user_id: externalUserIdSchema });
