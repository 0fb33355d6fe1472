import type { TurnEvent } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { accepted, event, message, TURN_ID, turn } from './frames.test-support.ts';
import type { TurnStreamEvents } from './turn-stream.ts';
import { TurnTracker } from './turn-tracker.ts';

const at = (type: string, seq: number, fields: object = {}) =>
  event(type, seq, fields) as unknown as TurnEvent;

/** What the stream told its listeners, by event name and arguments. */
type Heard = [kind: keyof TurnStreamEvents, ...args: unknown[]];

/** A tracker whose `apply` and `receivedTurn` give what its stream told on that one event or read. */
function tracked(turnId?: string) {
  const tracker = new TurnTracker();
  const { stream } = tracker;
  if (turnId !== undefined) tracker.accepted(turnId);
  let heard: Heard[] = [];
  const kinds = ['accepted', 'statechange', 'status', 'delta', 'snapshot', 'event'] as const;
  for (const kind of [...kinds, 'completed', 'error'] as const) {
    stream.on(kind, (...args: unknown[]) => heard.push([kind, ...args]));
  }
  const told = (take: () => unknown): Heard[] => {
    heard = [];
    take();
    return heard;
  };
  return {
    tracker,
    stream,
    apply: (e: TurnEvent) => told(() => tracker.apply(e)),
    receivedTurn: (t: ReturnType<typeof turn>) => told(() => tracker.receivedTurn(t)),
  };
}

type Tracked = ReturnType<typeof tracked>;

const deltas = (heard: Heard[]) => heard.flatMap((n) => (n[0] === 'delta' ? [n[1]] : []));

describe('TurnTracker', () => {
  it('takes events in seq order, each once', () => {
    const { apply, stream } = tracked();
    expect(apply(accepted() as TurnEvent).map((n) => n[0])).toEqual([
      'event',
      'accepted',
      'statechange',
    ]);
    expect(deltas(apply(at('assistant.delta', 2, { text: 'Bon' })))).toEqual(['Bon']);
    expect(apply(at('assistant.delta', 2, { text: 'Bon' }))).toEqual([]); // replayed
    expect(apply(accepted() as TurnEvent)).toEqual([]);
    expect(stream.text).toBe('Bon');
  });

  it('reports a jump ahead as a gap and delivers nothing from it', () => {
    const { tracker, apply, stream } = tracked(TURN_ID);
    apply(accepted() as TurnEvent);
    expect(apply(at('assistant.delta', 4, { text: 'x' }))).toEqual([]);
    expect(tracker.apply(at('assistant.delta', 4, { text: 'x' }))).toBe('gap');
    expect(stream.text).toBe('');
  });

  it('a snapshot hands out only the text not seen yet, then later deltas continue', () => {
    const { apply, stream } = tracked(TURN_ID);
    apply(accepted() as TurnEvent);
    apply(at('assistant.delta', 2, { text: 'Bon' }));
    const snapshot = apply(
      at('turn.snapshot', 5, { turn: turn('running'), content: 'Bonjour, ', label: 'Searching' }),
    );
    expect(deltas(snapshot)).toEqual(['jour, ']);
    expect(snapshot).toContainEqual(['status', 'Searching']);
    expect(deltas(apply(at('assistant.delta', 6, { text: 'voici' })))).toEqual(['voici']);
    expect(stream.text).toBe('Bonjour, voici');
  });

  it('a snapshot of an ended turn completes it; the final message settles the text', () => {
    const { tracker, apply } = tracked(TURN_ID);
    const heard = apply(
      at('turn.snapshot', 9, {
        turn: turn('completed', { assistant_message: message('Done.') }),
        content: 'Done.',
        label: null,
      }),
    );
    expect(heard.filter((n) => n[0] === 'completed')).toHaveLength(1);
    expect(deltas(heard)).toEqual(['Done.']);
    expect(tracker.ended).toBe(true);
    expect(apply(at('assistant.delta', 10, { text: 'late' }))).toEqual([]);
  });

  it('completion with text that never streamed hands out the missing tail', () => {
    const { apply } = tracked(TURN_ID);
    apply(at('assistant.delta', 1, { text: 'Hel' }));
    expect(deltas(apply(at('assistant.completed', 2, { message: message('Hello') })))).toEqual([
      'lo',
    ]);
  });

  it('assistant.error voids the partial text and fails with a PartnerTurnError', () => {
    const { apply, stream } = tracked(TURN_ID);
    apply(at('assistant.delta', 1, { text: 'partial' }));
    const heard = apply(
      at('assistant.error', 2, { error: { code: 'processing_failed', message: 'x' } }),
    );
    expect(heard.at(-1)).toMatchObject([
      'error',
      { name: 'PartnerTurnError', code: 'processing_failed', turnId: TURN_ID },
    ]);
    expect(stream.text).toBe('');
    expect(stream.status).toBe('failed');
  });

  it.each([
    [
      'its own assistant.error',
      at('assistant.error', 2, { error: { code: 'processing_failed', message: 'x' } }),
    ],
    [
      'a snapshot of a failed turn',
      at('turn.snapshot', 2, { turn: turn('failed'), content: 'partial', label: null }),
    ],
  ])(
    'reports a failure by %s like every other: statechange with its error, text voided first',
    async (_, failure) => {
      const { apply, stream } = tracked(TURN_ID);
      apply(at('assistant.delta', 1, { text: 'partial' }));
      const seen: [string, unknown, string][] = [];
      stream.on('statechange', (status, reason) => seen.push([status, reason, stream.text]));
      apply(failure);
      expect(seen).toEqual([['failed', expect.objectContaining({ name: 'PartnerTurnError' }), '']]);
      expect(await stream.finalMessage().catch((error: unknown) => error)).toBe(seen[0]?.[1]);
    },
  );

  it('takes a turn read over REST', () => {
    const { receivedTurn } = tracked();
    expect(receivedTurn(turn('running')).map((n) => n[0])).toEqual(['accepted', 'statechange']);
    const done = receivedTurn(turn('completed', { assistant_message: message('Answer') }));
    expect(done.map((n) => n[0])).toEqual(['delta', 'statechange', 'completed']);
  });

  it.each([
    ['over REST', (t: Tracked) => t.receivedTurn(turn('completed'))],
    [
      'in a snapshot',
      (t: Tracked) =>
        t.apply(at('turn.snapshot', 3, { turn: turn('completed'), content: 'Hi', label: null })),
    ],
  ])('a turn completed without a message ends with a typed error (%s)', (_, read) => {
    const followed = tracked(TURN_ID);
    expect(read(followed).at(-1)).toMatchObject([
      'error',
      { name: 'PartnerTurnError', code: 'no_message', retryable: false },
    ]);
    expect(followed.tracker.ended).toBe(true);
  });
});
