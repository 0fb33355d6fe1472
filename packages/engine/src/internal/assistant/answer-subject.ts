import type { Card, SuggestedAction, Visualization } from '@partner-assistant/contract';
import type { AnswerTopic } from './answer-topic.ts';

/** What the demo assistant says about one subject, in one language, for one place. */
export interface SubjectAnswer {
  /** The second progress label, such as "Looking up the opening hours…". */
  label: string;
  /** The answer text. */
  text: string;
  cards: Card[];
  visualizations: Visualization[];
  suggestedActions: SuggestedAction[];
}

/**
 * A subject the demo assistant knows well: the questions it recognises (English and French
 * words) and its answer. Subjects are tried in order; the first whose `matches` finds a word wins.
 */
export interface AnswerSubject {
  /** Stable name, such as `town_hall_hours`. */
  id: string;
  /** The vertical it belongs to. */
  topic: Exclude<AnswerTopic, 'general'>;
  /** Words of the questions it answers, in English and French. */
  matches: RegExp;
  /** The answer, for a place name (or "your town") and a language. */
  answer: (place: string, french: boolean) => SubjectAnswer;
}

/** The French or the English of a text: subjects write both side by side. */
export const inLanguage = (french: boolean, en: string, fr: string): string => (french ? fr : en);

/** A `reply` suggested action: its `value` is sent as the next question. */
export function replyAction(id: string, label: string, value: string): SuggestedAction {
  return { id, type: 'reply', label, value };
}

/** An hours table: `columns` and `rows` of strings, as the web chat renders a `table`. */
export function hoursTable(
  id: string,
  title: string,
  columns: [string, string],
  rows: [string, string][],
): Visualization {
  return { id, type: 'table', title, data: { columns, rows } };
}
