import type { AnswerSubject } from './answer-subject.ts';
import { answerSubjectOf } from './answer-subjects.ts';
import { type AnswerTopic, answerTopicOf } from './answer-topic.ts';

/**
 * What a question is about: the subject the assistant answers in full, else the topic whose
 * general answer it gets. Decided once per question, then handed to both the answer's cache key
 * and its composer, so the keyword tables run once.
 */
export interface QuestionSubject {
  /** The subject's id (`passport`…), else the topic: what the answer's text depends on. */
  readonly id: string;
  /** The vertical of the answer. */
  readonly topic: AnswerTopic;
  /** The subject answered in full, or `undefined` for the topic's general answer. */
  readonly subject: AnswerSubject | undefined;
}

const OF_TOPIC: Readonly<Record<AnswerTopic, QuestionSubject>> = {
  procedure: Object.freeze({ id: 'procedure', topic: 'procedure', subject: undefined }),
  local_life: Object.freeze({ id: 'local_life', topic: 'local_life', subject: undefined }),
  general: Object.freeze({ id: 'general', topic: 'general', subject: undefined }),
};

/** Decides what `message` is about: its subject ({@link answerSubjectOf}), else its topic. */
export function questionSubjectOf(message: string): QuestionSubject {
  const subject = answerSubjectOf(message);
  if (subject) return Object.freeze({ id: subject.id, topic: subject.topic, subject });
  return OF_TOPIC[answerTopicOf(message)];
}
