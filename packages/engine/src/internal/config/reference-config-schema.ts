import {
  applicationLimitsSchema,
  environmentSchema,
  localeSchema,
  scopeSchema,
  uuidSchema,
} from '@partner-assistant/contract';
import { z } from 'zod';

/** Lifetime of a user token when an application does not set `token_ttl_seconds`. */
export const DEFAULT_TOKEN_TTL_SECONDS = 900;
/** Time from acceptance to `assistant.completed` when `assistant.processing_ms` is not set. */
export const DEFAULT_PROCESSING_MS = 300;
/** Server-wide bound on queued + running turns when `queue.capacity` is not set. */
export const DEFAULT_QUEUE_CAPACITY = 1000;

/** One partner application: its credentials, environment, scopes, verticals, locales and limits. */
export const applicationConfigSchema = z.strictObject({
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'Must be 1 to 128 of A-Z a-z 0-9 . _ ~ -'),
  client_secret: z.string().min(1).max(256),
  environment: environmentSchema,
  scopes: z.array(scopeSchema),
  capabilities: z.array(z.string().min(1)),
  locales: z.array(localeSchema).min(1),
  limits: z.strictObject(applicationLimitsSchema.shape),
  token_ttl_seconds: z.int().positive().max(86_400).default(DEFAULT_TOKEN_TTL_SECONDS),
});

/** One partner (tenant): its users are shared by its applications and by no other partner. */
export const partnerConfigSchema = z.strictObject({
  id: uuidSchema,
  name: z.string().min(1).max(255),
  applications: z.array(applicationConfigSchema),
});

/**
 * The configuration file of the reference server. Objects are strict: an unknown key is refused,
 * so a typo never silently falls back to a default.
 */
export const referenceConfigSchema = z
  .strictObject({
    partners: z.array(partnerConfigSchema).min(1),
    assistant: z
      .strictObject({ processing_ms: z.int().min(0).max(600_000).default(DEFAULT_PROCESSING_MS) })
      .default({ processing_ms: DEFAULT_PROCESSING_MS }),
    queue: z
      .strictObject({ capacity: z.int().positive().default(DEFAULT_QUEUE_CAPACITY) })
      .default({ capacity: DEFAULT_QUEUE_CAPACITY }),
  })
  .superRefine((config, ctx) => {
    const partnerIds = new Set<string>();
    const clientIds = new Set<string>();
    config.partners.forEach((partner, p) => {
      if (partnerIds.has(partner.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['partners', p, 'id'],
          message: 'Duplicate partner id',
        });
      }
      partnerIds.add(partner.id);
      partner.applications.forEach((application, a) => {
        if (clientIds.has(application.client_id)) {
          const path = ['partners', p, 'applications', a, 'client_id'];
          ctx.addIssue({ code: 'custom', path, message: 'Duplicate client_id' });
        }
        clientIds.add(application.client_id);
      });
    });
  });

/** The configuration as written in the file (defaults not yet applied). */
export type ReferenceConfigInput = z.input<typeof referenceConfigSchema>;
/** The configuration after validation, with every default applied. */
export type ReferenceConfig = z.output<typeof referenceConfigSchema>;
/** One application of the validated configuration. */
export type ApplicationConfig = z.output<typeof applicationConfigSchema>;
/** One partner of the validated configuration. */
export type PartnerConfig = z.output<typeof partnerConfigSchema>;
