import type { Location } from '@partner-assistant/contract';
import { BoundedCache } from '../state/bounded-cache.ts';
import { type AnswerContent, composeAnswer } from './answer-content.ts';
import { isFrench, placeNameOf } from './answer-topic.ts';
import { type QuestionSubject, questionSubjectOf } from './question-subject.ts';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

const answers = new BoundedCache<AnswerContent>();
const subjects = new BoundedCache<QuestionSubject>(1024);

/**
 * What `message` is about, decided on its first ask and kept: questions are interned, and a
 * history page asks about the same few texts again.
 */
const subjectOf = (message: string): QuestionSubject =>
  subjects.get(message, () => questionSubjectOf(message));

/** What a composed answer depends on, and nothing else: subject, language, place, coordinates. */
export function answerKey(question: {
  message: string;
  location: Location | undefined;
  locale: string;
}): string {
  const french = isFrench(question.locale);
  const { location } = question;
  return [
    subjectOf(question.message).id,
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
  // The composer takes the subject the key was made of: decided once, not found again.
  return answers.get(key, () => deepFreeze(composeAnswer(question, subjectOf(question.message))));
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
