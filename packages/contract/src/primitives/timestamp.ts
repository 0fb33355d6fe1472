import { z } from 'zod';

/** An ISO 8601 date-time with a time zone designator, for example `2026-11-21T09:30:00.000Z`. */
export const timestampSchema = z.iso.datetime({ offset: true });
