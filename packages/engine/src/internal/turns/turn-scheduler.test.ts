import { describe, expect, it, vi } from 'vitest';
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

  it('times a turn nobody follows with one timer at a time, its status still on time', () => {
    const { clock, sendMessage, turnStatus } = engineFixture();
    const timers = vi.spyOn(clock, 'setTimer');
    const turnIds = ['a', 'b', 'c'].map((key) => sendMessage(`Passport ${key}?`, key));
    clock.advance(PROCESSING_MS / 10 - 1);
    expect(turnIds.map(turnStatus)).toEqual(['queued', 'queued', 'queued']);
    clock.advance(1);
    expect(turnIds.map(turnStatus)).toEqual(['running', 'running', 'running']);
    clock.advance(PROCESSING_MS * 0.9 - 1);
    expect(turnIds.map(turnStatus)).toEqual(['running', 'running', 'running']);
    clock.advance(1);
    expect(turnIds.map(turnStatus)).toEqual(['completed', 'completed', 'completed']);
    // Each turn's two status changes (running, then its end), at most one timer each: a timer
    // per step would be eight or more per turn.
    expect(timers.mock.calls.length).toBeLessThanOrEqual(2 * turnIds.length);
    expect(clock.pendingTimers).toBe(0);
  });

  it('gives a late subscriber what a socket following from the start saw by then', () => {
    // The same question, once followed from its acceptance, once sent over REST and subscribed
    // to later: at every instant, the late snapshot holds exactly the events the first saw.
    for (const atMs of [0, 100, 150, 333, 500, 749, 900, 999]) {
      const watched = engineFixture();
      const early = watched.openSocket();
      early.ask('k', 'How do I renew my passport?');
      const unwatched = engineFixture();
      const turnId = unwatched.sendMessage('How do I renew my passport?', 'k');
      watched.clock.advance(atMs);
      unwatched.clock.advance(atMs);
      const late = unwatched.openSocket();
      late.send({ type: 'turn.subscribe', turn_id: turnId });
      const snapshot = late.events[0];
      if (snapshot?.type !== 'turn.snapshot') throw new Error('expected a snapshot');
      const seen = early.events.filter((event) => event.type !== 'turn.snapshot');
      const text = seen
        .map((event) => (event.type === 'assistant.delta' ? event.text : ''))
        .join('');
      const labels = seen.flatMap((event) =>
        event.type === 'assistant.status' ? [event.label] : [],
      );
      expect([snapshot.seq, snapshot.content, snapshot.label, snapshot.turn.status]).toEqual([
        seen.length,
        text,
        labels.at(-1) ?? null,
        watched.turnStatus((seen[0] as { turn_id: string }).turn_id),
      ]);
      // From there on, the late socket gets each later step at its own instant.
      watched.clock.advance(PROCESSING_MS - atMs);
      unwatched.clock.advance(PROCESSING_MS - atMs);
      expect(late.events.slice(1).map((event) => event.type)).toEqual(
        early.events.slice(seen.length).map((event) => event.type),
      );
    }
  });

  it('runs every due delta of every turn when a drop is armed: it binds to the first turn that streamed one', () => {
    const { engine, clock, sendMessage, openSocket } = engineFixture();
    sendMessage('First question?', 'a');
    clock.advance(PROCESSING_MS / 2);
    const socket = openSocket();
    socket.ask('b', 'Second question?');
    engine.faults.dropAfterDelta({ afterDeltas: 1 });
    clock.advance(PROCESSING_MS);
    // The REST turn streamed its first delta before the drop was armed, so the drop bound to
    // the socket's turn, whose first delta comes next.
    expect(socket.ending.terminated).toBe(true);
  });

  it('stops a turn when the server resets: no timer fires afterwards', () => {
    const { engine, clock, sendMessage } = engineFixture();
    sendMessage();
    engine.reset();
    clock.advance(PROCESSING_MS);
    expect(clock.pendingTimers).toBe(0);
  });
});
