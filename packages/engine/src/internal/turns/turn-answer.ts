import { cachedAnswer } from '../assistant/answer-cache.ts';
import type { AnswerContent } from '../assistant/answer-content.ts';
import type { TurnRecord } from '../state/engine-state.ts';

/**
 * Where the views find a turn's answer: they are handed it (or this lookup) and never reach into
 * the assistant's caches themselves.
 */
export type TurnAnswerLookup = (turn: TurnRecord) => AnswerContent | undefined;

/**
 * The answer an ended turn shows, regenerated from its question (the simulated answer is
 * deterministic): the composed answer once `completed`; none while in progress or when `failed`.
 */
export const answerOfTurn: TurnAnswerLookup = (turn) =>
  turn.status === 'completed' ? cachedAnswer(turn) : undefined;
