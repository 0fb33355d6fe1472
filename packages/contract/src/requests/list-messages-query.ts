import { z } from 'zod';
import { FIELD_LIMITS } from '../constants/field-limits.ts';

/** A base-10 integer query parameter, parsed to a number and then bounded. */
function integerParameter(bounds: z.ZodInt) {
  return z
    .union([
      z.int(),
      z
        .string()
        .regex(/^\d{1,15}$/, 'Must be a whole number')
        .transform(Number),
    ])
    .pipe(bounds);
}

/** Query string of history listing. Unknown parameters are refused. */
export const listMessagesQuerySchema = z.strictObject({
  limit: integerParameter(
    z.int().min(FIELD_LIMITS.historyLimitMin).max(FIELD_LIMITS.historyLimitMax),
  )
    .default(FIELD_LIMITS.historyLimitDefault)
    .meta({ description: 'Page size, 1 to 100; 20 when omitted.' }),
  offset: integerParameter(z.int().min(0))
    .default(FIELD_LIMITS.historyOffsetDefault)
    .meta({ description: 'Messages to skip, at least 0; 0 when omitted.' }),
});

/** Query string of history listing, as sent. */
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;
