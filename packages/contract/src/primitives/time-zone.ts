import { z } from 'zod';

/** The characters of an IANA time zone name: `Europe/Paris`, `America/Port-au-Prince`, `Etc/GMT+5`. */
const TIME_ZONE_CHARACTERS = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** True when the runtime knows `name` as an IANA time zone (`Europe/Paris`, `UTC`). */
export function isIanaTimeZone(name: string): boolean {
  if (!TIME_ZONE_CHARACTERS.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name such as `Europe/Paris`. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(TIME_ZONE_CHARACTERS, 'Must be an IANA time zone name such as Europe/Paris')
  .refine(isIanaTimeZone, 'Must be an IANA time zone name such as Europe/Paris')
  .meta({
    description:
      'A name of the IANA time zone database, canonical or alias (`Europe/Paris`, `UTC`, `US/Eastern`, `Etc/GMT+5`), compared without regard to case. Numeric offsets such as `+01:00` and unknown names are refused.',
    examples: ['Europe/Paris'],
    'x-format': 'iana-time-zone',
  });
