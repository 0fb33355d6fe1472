import type { Location } from '@partner-assistant/contract';
import { type AnswerContent, composeAnswer } from './answer-content.ts';
import { answerTopicOf, isFrench, placeNameOf } from './answer-topic.ts';

/** Distinct answers kept; beyond it the oldest is dropped and recomposed when needed again. */
const CAPACITY = 512;

/**
 * A bounded map, oldest entry dropped first: what the simulated assistant recomputes on demand
 * is kept for the many turns that ask alike, without growing with the number of turns.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #capacity: number;

  constructor(capacity = CAPACITY) {
    this.#capacity = capacity;
  }

  /** The value of `key`, computed by `compute` on a miss. */
  get(key: string, compute: () => V): V {
    const known = this.#entries.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, value);
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

const answers = new BoundedCache<AnswerContent>();

/** What a composed answer depends on, and nothing else: topic, language, place, coordinates. */
export function answerKey(question: {
  message: string;
  location: Location | undefined;
  locale: string;
}): string {
  const french = isFrench(question.locale);
  const { location } = question;
  return [
    answerTopicOf(question.message),
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
