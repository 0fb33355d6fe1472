import { z } from 'zod';
import { scopeSchema } from '../constants/scopes.ts';
import { timestampSchema } from '../primitives/timestamp.ts';

/** A short-lived opaque user token, the response of token issuance. */
export const tokenSchema = z
  .looseObject({
    access_token: z.string().min(1).meta({ description: 'Opaque user token. Never log it.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.int().positive().meta({ description: 'Lifetime in seconds.' }),
    expires_at: timestampSchema.meta({ description: 'Expiry instant.' }),
    scopes: z.array(scopeSchema),
    user: z.looseObject({
      id: z.string().meta({ description: 'Service-side user identifier.' }),
    }),
  })
  .meta({
    id: 'Token',
    examples: [
      {
        access_token: 'pat_3q2+7w==example',
        token_type: 'Bearer',
        expires_in: 900,
        expires_at: '2026-11-21T09:45:00.000Z',
        scopes: ['chat:read', 'chat:write', 'feedback:write'],
        user: { id: '8a6e0804-2bd0-4672-b79d-d97027f9071a' },
      },
    ],
  });

/** A short-lived opaque user token. */
export type Token = z.infer<typeof tokenSchema>;
