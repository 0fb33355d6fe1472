import { BoundedCache } from '../state/bounded-cache.ts';
import type { TurnQuestion } from '../state/engine-state.ts';
import { answerKey, cachedAnswer, forgetAnswer } from './answer-cache.ts';
import type { AnswerContent } from './answer-content.ts';
import { stableHash } from './answer-topic.ts';

/** Marker that makes a turn fail with `assistant.error`, for partners' error-path tests. */
export const SIMULATE_ERROR_MARKER = '[simulate:error]';

/** One timed step of a turn's processing. */
export type AnswerStep =
  | { atMs: number; kind: 'running' }
  | { atMs: number; kind: 'status'; label: string }
  | { atMs: number; kind: 'delta'; text: string }
  | { atMs: number; kind: 'completed' }
  | { atMs: number; kind: 'failed' };

/** The script of a turn: timed steps, and the answer they spell out. */
export interface AnswerPlan {
  /** Steps in time order; the last one is `completed` or `failed`, at `processingMs`. */
  steps: AnswerStep[];
  /** The composed answer (its text is the concatenation of the delta steps). */
  answer: AnswerContent;
}

/** Splits `text` into `count` chunks at word boundaries; their concatenation is `text`. */
export function splitIntoChunks(text: string, count: number): string[] {
  const words = text.match(/\S+\s*/gu) ?? [text];
  const perChunk = Math.max(1, Math.ceil(words.length / count));
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += perChunk) {
    chunks.push(words.slice(index, index + perChunk).join(''));
  }
  const leading = text.length - text.trimStart().length;
  if (leading > 0 && chunks.length > 0) chunks[0] = text.slice(0, leading) + chunks[0];
  return chunks;
}

/**
 * Plans a turn: `running` at 10 % of `processingMs`, two progress labels, three to five deltas
 * spread up to 90 %, and the end at `processingMs`. A question containing
 * {@link SIMULATE_ERROR_MARKER} (or planned with `fail`, an injected fault) fails instead, after
 * its labels and one partial delta. The same question always yields the same plan.
 */
export function planAnswer(
  question: TurnQuestion,
  processingMs: number,
  options: { fail?: boolean } = {},
): AnswerPlan {
  const key = answerKey(question);
  const chunkCount = 3 + (stableHash(question.message) % 3);
  const fail = options.fail === true || question.message.includes(SIMULATE_ERROR_MARKER);
  // Plans are immutable and depend only on these: turns that ask alike share one.
  return plans.get(`${key}\u0000${chunkCount}\u0000${fail}\u0000${processingMs}`, () =>
    buildPlan(cachedAnswer(question, key), { processingMs, chunkCount, fail }),
  );
}

const plans = new BoundedCache<AnswerPlan>();

/**
 * Forgets every cached text, topic, answer and plan derived from `question`: an erased user's
 * message and place leave no copy behind (a question asked alike by others is recomputed).
 */
export function forgetQuestion(question: TurnQuestion): void {
  plans.deletePrefixed(`${forgetAnswer(question)}\u0000`);
}

function buildPlan(
  answer: AnswerContent,
  options: { processingMs: number; chunkCount: number; fail: boolean },
): AnswerPlan {
  const { processingMs } = options;
  const at = (fraction: number) => Math.round(processingMs * fraction);
  const [firstLabel = '', secondLabel = ''] = answer.labels;
  const steps: AnswerStep[] = [
    { atMs: at(0.1), kind: 'running' },
    { atMs: at(0.15), kind: 'status', label: firstLabel },
  ];
  const chunks = splitIntoChunks(answer.text, options.chunkCount);
  if (options.fail) {
    // Fail mid-stream: partial text, then the error, so clients prove they discard partial text.
    steps.push(
      { atMs: at(0.3), kind: 'status', label: secondLabel },
      { atMs: at(0.5), kind: 'delta', text: chunks[0] ?? '' },
      { atMs: processingMs, kind: 'failed' },
    );
    return { steps, answer };
  }
  chunks.forEach((text, index) => {
    if (index === 1)
      steps.push({
        atMs: at(0.3 + 0.6 * (index / chunks.length)),
        kind: 'status',
        label: secondLabel,
      });
    steps.push({ atMs: at(0.3 + 0.6 * ((index + 1) / chunks.length)), kind: 'delta', text });
  });
  steps.push({ atMs: processingMs, kind: 'completed' });
  return { steps, answer };
}
