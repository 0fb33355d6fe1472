import { z } from 'zod';

/** True when the runtime knows `name` as an IANA time zone (`Europe/Paris`, `UTC`). */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
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
  .refine(isIanaTimeZone, 'Must be an IANA time zone name such as Europe/Paris')
  .meta({
    description: 'IANA time zone name, such as `Europe/Paris`.',
    examples: ['Europe/Paris'],
  });
