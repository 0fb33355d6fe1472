import type { Message, Turn } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from './frame-reader.ts';
import { type TurnNotice, TurnTracker } from './turn-tracker.ts';

const TURN_ID = '5f7c0c6e-8d0a-4b51-9a7e-1c2d3e4f5a6b';
const turn = (status: Turn['status'], extra: Partial<Turn> = {}) =>
  ({ turn_id: TURN_ID, status, client_message_id: 'k', ...extra }) as Turn;
const message = (content: string) =>
  ({ message_id: 'm', turn_id: TURN_ID, role: 'assistant', content }) as Message;
const frame = (seq: number, type: string, fields: Record<string, unknown> = {}): ServerFrame => ({
  type,
  turn_id: TURN_ID,
  seq,
  ...fields,
});

const deltas = (notices: TurnNotice[]) =>
  notices.flatMap((n) => (n.kind === 'delta' ? [n.text] : []));

describe('TurnTracker', () => {
  it('takes events in seq order, each once', () => {
    const tracker = new TurnTracker();
    expect(
      tracker.apply(frame(1, 'turn.accepted', { turn: turn('queued') }), true).map((n) => n.kind),
    ).toEqual(['accepted', 'event']);
    expect(deltas(tracker.apply(frame(2, 'assistant.delta', { text: 'Bon' }), true))).toEqual([
      'Bon',
    ]);
    expect(tracker.apply(frame(2, 'assistant.delta', { text: 'Bon' }), true)).toEqual([]); // replayed
    expect(tracker.apply(frame(1, 'turn.accepted', { turn: turn('queued') }), true)).toEqual([]);
    expect(tracker.text).toBe('Bon');
  });

  it('reports a jump ahead as a gap and delivers nothing from it', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(frame(1, 'turn.accepted', { turn: turn('queued') }), true);
    expect(tracker.apply(frame(4, 'assistant.delta', { text: 'x' }), true)).toEqual([
      { kind: 'gap' },
    ]);
    expect(tracker.text).toBe('');
  });

  it('a snapshot hands out only the text not seen yet, then later deltas continue', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(frame(1, 'turn.accepted', { turn: turn('queued') }), true);
    tracker.apply(frame(2, 'assistant.delta', { text: 'Bon' }), true);
    const snapshot = tracker.apply(
      frame(5, 'turn.snapshot', {
        turn: turn('running'),
        content: 'Bonjour, ',
        label: 'Searching',
      }),
      true,
    );
    expect(deltas(snapshot)).toEqual(['jour, ']);
    expect(snapshot.map((n) => n.kind)).toContain('status');
    expect(deltas(tracker.apply(frame(6, 'assistant.delta', { text: 'voici' }), true))).toEqual([
      'voici',
    ]);
    expect(tracker.text).toBe('Bonjour, voici');
  });

  it('a snapshot of an ended turn completes it; the final message settles the text', () => {
    const tracker = new TurnTracker(TURN_ID);
    const notices = tracker.apply(
      frame(9, 'turn.snapshot', {
        turn: turn('completed', { assistant_message: message('Done.') }),
        content: 'Done.',
      }),
      true,
    );
    expect(notices.filter((n) => n.kind === 'completed')).toHaveLength(1);
    expect(deltas(notices)).toEqual(['Done.']);
    expect(tracker.ended).toBe(true);
    expect(tracker.apply(frame(10, 'assistant.delta', { text: 'late' }), true)).toEqual([]);
  });

  it('completion with text that never streamed hands out the missing tail', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(frame(1, 'assistant.delta', { text: 'Hel' }), true);
    expect(
      deltas(tracker.apply(frame(2, 'assistant.completed', { message: message('Hello') }), true)),
    ).toEqual(['lo']);
  });

  it('assistant.error voids the partial text', () => {
    const tracker = new TurnTracker(TURN_ID);
    tracker.apply(frame(1, 'assistant.delta', { text: 'partial' }), true);
    const notices = tracker.apply(
      frame(2, 'assistant.error', { error: { code: 'processing_failed', message: 'x' } }),
      true,
    );
    expect(notices.at(-1)).toEqual({
      kind: 'failed',
      failure: { code: 'processing_failed', message: 'x' },
    });
    expect(tracker.text).toBe('');
    expect(tracker.status).toBe('failed');
  });

  it('takes a turn read over REST', () => {
    const tracker = new TurnTracker();
    expect(tracker.applyTurn(turn('running')).map((n) => n.kind)).toEqual(['accepted']);
    const done = tracker.applyTurn(turn('completed', { assistant_message: message('Answer') }));
    expect(done.map((n) => n.kind)).toEqual(['delta', 'completed']);
  });

  it('passes events of unknown types through', () => {
    const tracker = new TurnTracker(TURN_ID);
    const future = { type: 'assistant.citation', turn_id: TURN_ID, url: 'https://example.com' };
    expect(tracker.apply(future, false)).toEqual([{ kind: 'event', event: future }]);
  });
});
