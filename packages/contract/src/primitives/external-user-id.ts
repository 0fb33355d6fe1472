import { z } from 'zod';
import { FIELD_LIMITS } from '../constants/field-limits.ts';
import { boundedText } from './bounded-text.ts';

// Opaque to the service, but it travels in a URL path and in logs: control characters are refused.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

/** The partner's stable, opaque identifier of its user: 1 to 255 characters, no control characters. */
export const externalUserIdSchema = boundedText({
  min: 1,
  max: FIELD_LIMITS.externalUserIdMaxLength,
})
  .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters')
  .meta({ description: "The partner's stable, opaque identifier of its user." });
