import { z } from 'zod';
import { uuidSchema } from '../primitives/uuid.ts';

/** Environment of an application, set by the credentials that issued the token. */
export const environmentSchema = z.enum(['sandbox', 'production']).meta({ id: 'Environment' });

/** Limits in force for an application. */
export const applicationLimitsSchema = z
  .looseObject({
    message_characters: z.int().nonnegative(),
    requests_per_minute: z.int().nonnegative(),
    concurrent_turns: z.int().nonnegative(),
    daily_messages: z.int().nonnegative(),
  })
  .meta({ id: 'ApplicationLimits' });

/** Effective configuration of the calling application. */
export const capabilitiesSchema = z
  .looseObject({
    api_version: z.literal('v1'),
    partner: z.looseObject({ id: uuidSchema, name: z.string() }),
    environment: environmentSchema,
    locales: z.array(z.string()),
    capabilities: z.array(z.string()).meta({ description: 'Authorized verticals (topic areas).' }),
    limits: applicationLimitsSchema,
  })
  .meta({
    id: 'Capabilities',
    examples: [
      {
        api_version: 'v1',
        partner: { id: '5b0f9f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b', name: 'Acme' },
        environment: 'sandbox',
        locales: ['fr-FR', 'en-GB'],
        capabilities: ['administrative_procedures', 'local_life'],
        limits: {
          message_characters: 2000,
          requests_per_minute: 600,
          concurrent_turns: 4,
          daily_messages: 5000,
        },
      },
    ],
  });

/** Environment of an application. */
export type Environment = z.infer<typeof environmentSchema>;
/** Limits in force for an application. */
export type ApplicationLimits = z.infer<typeof applicationLimitsSchema>;
/** Effective configuration of the calling application. */
export type Capabilities = z.infer<typeof capabilitiesSchema>;
