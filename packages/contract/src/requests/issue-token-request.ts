import { z } from 'zod';
import { externalUserIdSchema } from '../primitives/external-user-id.ts';
import { localeSchema } from '../primitives/locale.ts';
import { timeZoneSchema } from '../primitives/time-zone.ts';

/** Request body of token issuance (HTTP Basic with the application credentials). */
export const issueTokenRequestSchema = z
  .strictObject({
    external_user_id: externalUserIdSchema,
    locale: localeSchema.optional(),
    timezone: timeZoneSchema.optional(),
  })
  .meta({
    id: 'IssueTokenRequest',
    examples: [{ external_user_id: 'user-42', locale: 'fr-FR', timezone: 'Europe/Paris' }],
  });

/** Request body of token issuance. */
export type IssueTokenRequest = z.input<typeof issueTokenRequestSchema>;
