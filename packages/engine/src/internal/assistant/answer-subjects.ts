import type { AnswerSubject } from './answer-subject.ts';
import { DOCUMENTS, VOTING } from './subjects/documents.ts';
import { ID_CARD, PASSPORT } from './subjects/identity-papers.ts';
import { LIBRARY_HOURS, MARKET_HOURS, POOL_HOURS } from './subjects/local-hours.ts';
import { PARKING, PARKING_AT_NIGHT } from './subjects/parking.ts';
import { SUNDAYS } from './subjects/sundays.ts';
import { TOWN_HALL_HOURS } from './subjects/town-hall.ts';

/**
 * The subjects the demo assistant answers in full, most specific first: "Where can I park near
 * the town hall?" is about parking, "Is the library open on Sunday?" about the library, and
 * "What documents do I need for an ID card?" about the ID card.
 */
export const ANSWER_SUBJECTS: readonly AnswerSubject[] = [
  PARKING_AT_NIGHT,
  PARKING,
  VOTING,
  PASSPORT,
  ID_CARD,
  DOCUMENTS,
  MARKET_HOURS,
  LIBRARY_HOURS,
  POOL_HOURS,
  TOWN_HALL_HOURS,
  SUNDAYS,
];

/** The subject a question is about, or `undefined`: then the answer is the topic's general one. */
export function answerSubjectOf(message: string): AnswerSubject | undefined {
  return ANSWER_SUBJECTS.find((subject) => subject.matches.test(message));
}
