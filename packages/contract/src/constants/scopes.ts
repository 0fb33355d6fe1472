import { z } from 'zod';

/** Every scope a user token can carry. */
export const SCOPES = ['chat:read', 'chat:write', 'feedback:write'] as const;

/** A scope granted to a user token. */
export const scopeSchema = z
  .enum(SCOPES)
  .meta({ id: 'Scope', description: 'Scope granted to a user token.' });

/** A scope granted to a user token. */
export type Scope = z.infer<typeof scopeSchema>;
