/**
 * The language of an answer when the token named none: the question's own, among the
 * application's locales. The demo application lists `fr-FR` first, so a token issued without a
 * `locale` (the ready banner's `curl`) answered English questions in French.
 */

/** Words and letters that only one of the two languages uses in a short question. */
const MARKERS = {
  fr: /[àâçèéêëîïôœùûü]|\b(le|la|les|des|du|un|une|est|et|je|j|mon|ma|mes|pour|quand|comment|où|quel|quelle|quels|quelles|pourquoi|dois|puis|faire|avec|sur|dans|vous|nous|ou|qu|c|ce|cette|horaires|mairie)\b/giu,
  en: /\b(the|a|an|is|are|how|what|when|where|which|who|why|do|does|can|i|my|to|for|of|in|on|with|you|hours?|open|near|town|hall|need|get)\b/giu,
} as const;

/** `'fr'` or `'en'` when the question reads as one of them more than the other, else undefined. */
export function questionLanguage(message: string): 'fr' | 'en' | undefined {
  const fr = message.match(MARKERS.fr)?.length ?? 0;
  const en = message.match(MARKERS.en)?.length ?? 0;
  if (fr === en) return undefined;
  return fr > en ? 'fr' : 'en';
}

/**
 * The locale a turn is answered in: the token's when its request named one, else the first of
 * the application's locales in the question's language, else the token's (the application's
 * first locale).
 *
 * @example
 * answerLocale({ locale: 'fr-FR', requested: false }, ['fr-FR', 'en-GB'], 'Market hours?') // 'en-GB'
 */
export function answerLocale(
  token: { locale: string; requested: boolean },
  applicationLocales: readonly string[],
  message: string,
): string {
  if (token.requested) return token.locale;
  const language = questionLanguage(message);
  if (!language) return token.locale;
  const matching = applicationLocales.find((locale) => locale.toLowerCase().startsWith(language));
  return matching ?? token.locale;
}
