import { describe, expect, it } from 'vitest';
import { engineFixture, PROCESSING_MS } from '../runtime/engine-fixture.test-support.ts';

describe('turn scheduler on a manual clock', () => {
  it('moves a turn queued → running → completed only as the clock reaches each step', () => {
    const { clock, sendMessage, turnStatus } = engineFixture();
    const turnId = sendMessage();
    clock.advance(PROCESSING_MS / 10 - 1);
    expect(turnStatus(turnId)).toBe('queued');
    clock.advance(1);
    expect(turnStatus(turnId)).toBe('running');
    clock.advance(PROCESSING_MS * 0.9 - 1);
    expect(turnStatus(turnId)).toBe('running');
    clock.advance(1);
    expect(turnStatus(turnId)).toBe('completed');
  });

  it('runs an armed failure: the turn ends failed', () => {
    const { engine, clock, sendMessage, turnStatus } = engineFixture();
    engine.faults.failNextTurns(1);
    const failing = sendMessage('first', 'm-1');
    const next = sendMessage('second', 'm-2');
    clock.advance(PROCESSING_MS);
    expect([turnStatus(failing), turnStatus(next)]).toEqual(['failed', 'completed']);
  });

  it('stops a turn when the server resets: no timer fires afterwards', () => {
    const { engine, clock, sendMessage } = engineFixture();
    sendMessage();
    engine.reset();
    clock.advance(PROCESSING_MS);
    expect(clock.pendingTimers).toBe(0);
  });
});
