import { z } from 'zod';

/** A UUID (RFC 9562), the type of every `*_id` except `client_message_id` and `external_user_id`. */
export const uuidSchema = z.uuid();
