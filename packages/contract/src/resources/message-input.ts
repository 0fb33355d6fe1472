import { z } from 'zod';
import {
  COUNTRY_CODE_PATTERN,
  MESSAGE_CONTEXT_BOUNDS,
  PLATFORMS,
} from '../constants/request-values.ts';

export { PLATFORMS };

const { placeNameMaxLength, postalCodeMaxLength, appVersionMaxLength } = MESSAGE_CONTEXT_BOUNDS;

/** Geographic context of a question. Unknown keys are refused, so typos are caught. */
export const locationSchema = z
  .strictObject({
    city: z.string().min(1).max(placeNameMaxLength).optional(),
    commune: z
      .string()
      .min(1)
      .max(placeNameMaxLength)
      .meta({ description: 'Commune name or INSEE code.' })
      .optional(),
    postal_code: z.string().min(1).max(postalCodeMaxLength).optional(),
    region: z.string().min(1).max(placeNameMaxLength).optional(),
    country: z
      .string()
      .regex(COUNTRY_CODE_PATTERN, 'Must be an ISO 3166-1 alpha-2 code such as FR')
      .optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .meta({ id: 'Location', examples: [{ city: 'Lyon', commune: '69123', country: 'FR' }] });

/** Diagnostic context of the calling app. Not part of a message's idempotency fingerprint. */
export const messageMetadataSchema = z
  .strictObject({
    platform: z.enum(PLATFORMS).optional(),
    app_version: z.string().min(1).max(appVersionMaxLength).optional(),
  })
  .meta({ id: 'MessageMetadata', examples: [{ platform: 'ios', app_version: '4.2.0' }] });

/** Geographic context of a question. */
export type Location = z.infer<typeof locationSchema>;
/** Diagnostic context of the calling app. */
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;
