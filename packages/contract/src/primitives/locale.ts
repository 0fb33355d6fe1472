import { z } from 'zod';

// BCP 47 language tag: language, optional script, region and variants, then extensions and a
// private-use part (`de-DE-u-co-phonebk`, `en-US-x-twain`).
const LANGUAGE_TAG =
  /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?(?:-(?:[A-Za-z\d]{5,8}|\d[A-Za-z\d]{3}))*(?:-[0-9A-WYZa-wyz](?:-[A-Za-z\d]{2,8})+)*(?:-x(?:-[A-Za-z\d]{1,8})+)?$/;

/** A BCP 47 language tag such as `fr-FR` or `en-GB`. */
export const localeSchema = z
  .string()
  .max(64)
  .regex(LANGUAGE_TAG, 'Must be a BCP 47 language tag such as fr-FR')
  .meta({ description: 'BCP 47 language tag, such as `fr-FR`.', examples: ['fr-FR'] });
