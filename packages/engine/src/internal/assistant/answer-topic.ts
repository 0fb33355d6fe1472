import type { Location } from '@partner-assistant/contract';

/** What a question is about, as far as the simulated assistant can tell. */
export type AnswerTopic = 'procedure' | 'local_life' | 'general';

const PROCEDURE_WORDS =
  /passport|passeport|identit|id card|carte|visa|permit|permis|tax|impôt|impot|registration|inscription|certificate|certificat|acte|birth|naissance|renew|renouvel|démarche|demarche|procedure/iu;
const LOCAL_LIFE_WORDS =
  /event|événement|evenement|concert|market|marché|marche|museum|musée|musee|library|bibliothèque|sport|park|parc|restaurant|waste|déchet|dechet|swimming|piscine|festival|cinema|cinéma/iu;

/** Classifies a question by keywords (English and French). */
export function answerTopicOf(message: string): AnswerTopic {
  if (PROCEDURE_WORDS.test(message)) return 'procedure';
  if (LOCAL_LIFE_WORDS.test(message)) return 'local_life';
  return 'general';
}

/** True when answers should be written in French. */
export function isFrench(locale: string): boolean {
  return locale.toLowerCase().startsWith('fr');
}

/** The place a question is about: the city, else the commune or postal code, else a generic name. */
export function placeNameOf(location: Location | undefined, french: boolean): string {
  return (
    location?.city ??
    location?.commune ??
    location?.postal_code ??
    (french ? 'votre commune' : 'your town')
  );
}

/** 32-bit FNV-1a hash: a deterministic choice from the question, with no randomness. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
