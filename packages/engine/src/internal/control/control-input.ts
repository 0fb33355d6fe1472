import type { z } from 'zod';
import { ApiError } from '../errors/api-error.ts';

/**
 * Validates one input of a control (or of the admin route it comes through): the parsed value,
 * or `ApiError` `invalid_request` whose `details` name each offending field. `name` names a
 * scalar input (such as `ms`), whose issues have no path of their own.
 */
export function controlInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  name = '',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: [name, ...issue.path.map(String)].filter((part) => part !== '').join('.'),
    message: issue.message,
  }));
  const summary = details.map((detail) => `${detail.path || 'input'}: ${detail.message}`);
  throw new ApiError('invalid_request', `Invalid control input: ${summary.join('; ')}`, {
    details,
  });
}
