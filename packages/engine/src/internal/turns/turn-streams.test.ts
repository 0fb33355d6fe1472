import type { ServerEvent } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { engineFixture, PROCESSING_MS } from '../runtime/engine-fixture.test-support.ts';

const seqs = (events: ServerEvent[]) => events.map((event) => ('seq' in event ? event.seq : 0));
const deltaText = (events: ServerEvent[]) =>
  events.map((event) => (event.type === 'assistant.delta' ? event.text : '')).join('');

describe('turn streams on a manual clock', () => {
  it('numbers the events of a turn 1, 2, 3… and its deltas add up to the answer', () => {
    const { clock, openSocket } = engineFixture();
    const socket = openSocket();
    socket.ask();
    expect(socket.types()).toEqual(['turn.accepted']);
    clock.advance(PROCESSING_MS);
    expect(seqs(socket.events)).toEqual(socket.events.map((_event, index) => index + 1));
    const completed = socket.events.at(-1);
    expect(completed?.type).toBe('assistant.completed');
    if (completed?.type === 'assistant.completed')
      expect(deltaText(socket.events)).toBe(completed.message.content);
  });

  it('gives a subscriber the text so far in a snapshot, then only the later events', () => {
    const { clock, sendMessage, openSocket } = engineFixture();
    const turnId = sendMessage();
    clock.advance(PROCESSING_MS / 2);
    const late = openSocket();
    late.send({ type: 'turn.subscribe', turn_id: turnId });
    const snapshot = late.events[0];
    expect(snapshot?.type).toBe('turn.snapshot');
    clock.advance(PROCESSING_MS);
    const completed = late.events.at(-1);
    if (snapshot?.type !== 'turn.snapshot' || completed?.type !== 'assistant.completed')
      throw new Error('expected a snapshot, then the completion');
    expect(snapshot.content + deltaText(late.events)).toBe(completed.message.content);
    expect(seqs(late.events.slice(1))[0]).toBe(snapshot.seq + 1);
  });

  it('cuts the followers after the armed delta; the turn goes on and a resubscription completes it', () => {
    const { engine, clock, openSocket } = engineFixture();
    engine.faults.dropAfterDelta({ afterDeltas: 1 });
    const first = openSocket();
    first.ask('a', 'Passport?');
    clock.advance(PROCESSING_MS);
    expect(first.ending.terminated).toBe(true);
    expect(first.types().filter((type) => type === 'assistant.delta')).toHaveLength(1);
    first.session.closed();
    const again = openSocket();
    again.ask('a', 'Passport?');
    const snapshot = again.events[0];
    expect(snapshot?.type).toBe('turn.snapshot');
    if (snapshot?.type === 'turn.snapshot') expect(snapshot.turn.status).toBe('completed');
  });
});
