import { z } from 'zod';
import { countCharacters } from '../constants/field-limits.ts';

/** Bounds of a text field, in characters (Unicode code points). */
export interface TextBounds {
  /** Fewest characters allowed. */
  min?: number;
  /** Most characters allowed. */
  max?: number;
  /** Rewrites the value before its length is checked (the parsed output is the rewritten value). */
  normalize?: (value: string) => string;
}

/**
 * A string whose length is checked in Unicode code points, the way JSON Schema's `minLength` and
 * `maxLength` count, rather than in UTF-16 units. The bounds also appear in generated documents.
 */
export function boundedText({ min, max, normalize }: TextBounds) {
  const text = normalize ? z.string().overwrite(normalize) : z.string();
  return text
    .check((ctx) => {
      const length = countCharacters(ctx.value);
      if (min !== undefined && length < min) {
        ctx.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: min,
          inclusive: true,
          input: ctx.value,
          message: `Must be at least ${min} character${min === 1 ? '' : 's'}`,
        });
      }
      if (max !== undefined && length > max) {
        ctx.issues.push({
          code: 'too_big',
          origin: 'string',
          maximum: max,
          inclusive: true,
          input: ctx.value,
          message: `Must be at most ${max} characters`,
        });
      }
    })
    .meta({
      ...(min === undefined ? {} : { minLength: min }),
      ...(max === undefined ? {} : { maxLength: max }),
    });
}
