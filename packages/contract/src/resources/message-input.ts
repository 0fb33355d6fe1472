import { z } from 'zod';

/** Platforms a client can report in `metadata.platform`. */
export const PLATFORMS = ['ios', 'android', 'web', 'other'] as const;

/** Geographic context of a question. Unknown keys are refused, so typos are caught. */
export const locationSchema = z
  .strictObject({
    city: z.string().min(1).max(120).optional(),
    commune: z
      .string()
      .min(1)
      .max(120)
      .meta({ description: 'Commune name or INSEE code.' })
      .optional(),
    postal_code: z.string().min(1).max(16).optional(),
    region: z.string().min(1).max(120).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code such as FR')
      .optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .meta({ id: 'Location', examples: [{ city: 'Lyon', commune: '69123', country: 'FR' }] });

/** Diagnostic context of the calling app. Not part of a message's idempotency fingerprint. */
export const messageMetadataSchema = z
  .strictObject({
    platform: z.enum(PLATFORMS).optional(),
    app_version: z.string().min(1).max(64).optional(),
  })
  .meta({ id: 'MessageMetadata', examples: [{ platform: 'ios', app_version: '4.2.0' }] });

/** Geographic context of a question. */
export type Location = z.infer<typeof locationSchema>;
/** Diagnostic context of the calling app. */
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;
