import type { Location } from '@partner-assistant/contract';
import { BoundedCache } from '../state/bounded-cache.ts';
import { type AnswerContent, composeAnswer } from './answer-content.ts';
import { answerSubjectOf } from './answer-subjects.ts';
import { answerTopicOf, isFrench, placeNameOf } from './answer-topic.ts';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

const answers = new BoundedCache<AnswerContent>();
const subjects = new BoundedCache<string>(1024);

/** The subject of a question, else its topic: what its answer's text depends on. */
const subjectOf = (message: string): string =>
  answerSubjectOf(message)?.id ?? answerTopicOf(message);

/** What a composed answer depends on, and nothing else: subject, language, place, coordinates. */
export function answerKey(question: {
  message: string;
  location: Location | undefined;
  locale: string;
}): string {
  const french = isFrench(question.locale);
  const { location } = question;
  return [
    // Questions are interned: a history page asks the subject of the same few texts again.
    subjects.get(question.message, () => subjectOf(question.message)),
    french ? 'fr' : 'en',
    placeNameOf(location, french),
    location?.latitude ?? '',
    location?.longitude ?? '',
  ].join('\u0000');
}

/**
 * The deterministic answer to a question, shared by every question that gets the same one. The
 * result is deeply frozen: views put it into responses as is, and nothing may change it.
 */
export function cachedAnswer(
  question: { message: string; location: Location | undefined; locale: string },
  key: string = answerKey(question),
): AnswerContent {
  return answers.get(key, () => deepFreeze(composeAnswer(question)));
}

/** Forgets what the caches derived from `question` (its text and place), for an erasure. */
export function forgetAnswer(question: {
  message: string;
  location: Location | undefined;
  locale: string;
}): string {
  const key = answerKey(question);
  subjects.delete(question.message);
  answers.delete(key);
  return key;
}
