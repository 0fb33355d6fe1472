import { describe, expect, it } from 'vitest';
import {
  canTransitionTurn,
  isTurnInProgress,
  TURN_STATUSES,
  type TurnStatus,
} from '../constants/turn-statuses.ts';
import { turnStatusSchema } from './turn-status.ts';

const allowed = new Set(['queued→running', 'running→completed', 'running→failed']);
const pairs = TURN_STATUSES.flatMap((from) => TURN_STATUSES.map((to) => [from, to] as const));

describe('canTransitionTurn', () => {
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransitionTurn(from, to)).toBe(allowed.has(`${from}→${to}`));
  });
});

describe('isTurnInProgress', () => {
  it.each<[TurnStatus, boolean]>([
    ['queued', true],
    ['running', true],
    ['completed', false],
    ['failed', false],
  ])('%s → %s', (status, expected) => {
    expect(isTurnInProgress(status)).toBe(expected);
  });
});

describe('turnStatusSchema', () => {
  it('holds exactly the four statuses', () => {
    expect(TURN_STATUSES).toEqual(['queued', 'running', 'completed', 'failed']);
  });

  it.each(['pending', 'cancelled', 'QUEUED', ''])('refuses %j', (status) => {
    expect(turnStatusSchema.safeParse(status).success).toBe(false);
  });
});
