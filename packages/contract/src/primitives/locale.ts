import { z } from 'zod';

// BCP 47 language tag: language, optional script, optional region, optional variants.
const LANGUAGE_TAG =
  /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?(?:-(?:[A-Za-z\d]{5,8}|\d[A-Za-z\d]{3}))*$/;

/** A BCP 47 language tag such as `fr-FR` or `en-GB`. */
export const localeSchema = z
  .string()
  .max(35)
  .regex(LANGUAGE_TAG, 'Must be a BCP 47 language tag such as fr-FR')
  .meta({ description: 'BCP 47 language tag, such as `fr-FR`.', examples: ['fr-FR'] });
