import type { TurnEvent } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { accepted, event, message, TURN_ID, turn } from './frames.test-support.ts';
import { type TurnNotice, TurnTracker } from './turn-tracker.ts';

const at = (type: string, seq: number, fields: object = {}) =>
  event(type, seq, fields) as unknown as TurnEvent;

const deltas = (notices: TurnNotice[]) => notices.flatMap((n) => (n[0] === 'delta' ? [n[1]] : []));

describe('TurnTracker', () => {
  it('takes events in seq order, each once', () => {
    const tracker = new TurnTracker();
    expect(tracker.apply(accepted() as TurnEvent).map((n) => n[0])).toEqual([
      'event',
      'accepted',
      'statechange',
    ]);
    expect(deltas(tracker.apply(at('assistant.delta', 2, { text: 'Bon' })))).toEqual(['Bon']);
    expect(tracker.apply(at('assistant.delta', 2, { text: 'Bon' }))).toEqual([]); // replayed
    expect(tracker.apply(accepted() as TurnEvent)).toEqual([]);
    expect(tracker.text).toBe('Bon');
  });

  it('reports a jump ahead as a gap and delivers nothing from it', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(accepted() as TurnEvent);
    expect(tracker.apply(at('assistant.delta', 4, { text: 'x' }))).toEqual([['gap']]);
    expect(tracker.text).toBe('');
  });

  it('a snapshot hands out only the text not seen yet, then later deltas continue', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(accepted() as TurnEvent);
    tracker.apply(at('assistant.delta', 2, { text: 'Bon' }));
    const snapshot = tracker.apply(
      at('turn.snapshot', 5, { turn: turn('running'), content: 'Bonjour, ', label: 'Searching' }),
    );
    expect(deltas(snapshot)).toEqual(['jour, ']);
    expect(snapshot).toContainEqual(['status', 'Searching']);
    expect(deltas(tracker.apply(at('assistant.delta', 6, { text: 'voici' })))).toEqual(['voici']);
    expect(tracker.text).toBe('Bonjour, voici');
  });

  it('a snapshot of an ended turn completes it; the final message settles the text', () => {
    const tracker = new TurnTracker(TURN_ID);
    const notices = tracker.apply(
      at('turn.snapshot', 9, {
        turn: turn('completed', { assistant_message: message('Done.') }),
        content: 'Done.',
        label: null,
      }),
    );
    expect(notices.filter((n) => n[0] === 'completed')).toHaveLength(1);
    expect(deltas(notices)).toEqual(['Done.']);
    expect(tracker.ended).toBe(true);
    expect(tracker.apply(at('assistant.delta', 10, { text: 'late' }))).toEqual([]);
  });

  it('completion with text that never streamed hands out the missing tail', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(at('assistant.delta', 1, { text: 'Hel' }));
    expect(
      deltas(tracker.apply(at('assistant.completed', 2, { message: message('Hello') }))),
    ).toEqual(['lo']);
  });

  it('assistant.error voids the partial text and fails with a PartnerTurnError', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(at('assistant.delta', 1, { text: 'partial' }));
    const notices = tracker.apply(
      at('assistant.error', 2, { error: { code: 'processing_failed', message: 'x' } }),
    );
    expect(notices.at(-1)).toMatchObject([
      'error',
      { name: 'PartnerTurnError', code: 'processing_failed', turnId: TURN_ID },
    ]);
    expect(tracker.text).toBe('');
    expect(tracker.status).toBe('failed');
  });

  it('takes a turn read over REST', () => {
    const tracker = new TurnTracker();
    expect(tracker.applyTurn(turn('running')).map((n) => n[0])).toEqual([
      'accepted',
      'statechange',
    ]);
    const done = tracker.applyTurn(turn('completed', { assistant_message: message('Answer') }));
    expect(done.map((n) => n[0])).toEqual(['delta', 'statechange', 'completed']);
  });

  it.each([
    ['over REST', (t: TurnTracker) => t.applyTurn(turn('completed'))],
    [
      'in a snapshot',
      (t: TurnTracker) =>
        t.apply(at('turn.snapshot', 3, { turn: turn('completed'), content: 'Hi', label: null })),
    ],
  ])('a turn completed without a message ends with a typed error (%s)', (_, read) => {
    const tracker = new TurnTracker(TURN_ID);
    expect(read(tracker).at(-1)).toMatchObject([
      'error',
      { name: 'PartnerTurnError', code: 'no_message', retryable: false },
    ]);
    expect(tracker.ended).toBe(true);
  });
});
