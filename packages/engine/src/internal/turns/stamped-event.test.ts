import type { Turn, TurnEvent } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { engineFixture, PROCESSING_MS } from '../runtime/engine-fixture.test-support.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import { stampedEvent, stampedEventText, stampText } from './stamped-event.ts';
import type { TurnEventPayload } from './turn-streams.ts';
import { SIMULATED_FAILURE } from './turn-views.ts';

const turn = {
  id: '0b6c7a52-1f3e-4d5a-8b9c-0d1e2f3a4b5c',
  conversationId: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b',
} as TurnRecord;

const turnView = {
  turn_id: turn.id,
  conversation_id: turn.conversationId,
  client_message_id: 'c-1',
  status: 'queued',
  created_at: '2026-03-10T12:00:00.000Z',
} as unknown as Turn;

const payloads: TurnEventPayload[] = [
  { type: 'turn.accepted', turn: turnView },
  { type: 'turn.running', turn: { ...turnView, status: 'running' } },
  { type: 'assistant.status', label: 'Looking up "opening hours"…' },
  { type: 'assistant.delta', text: 'Line one\nwith a "quote", a \\ and \u2028, 🇫🇷 and \ud800.' },
  {
    type: 'assistant.completed',
    message: { message_id: 'm', role: 'assistant', content: 'Done.' } as never,
  },
  { type: 'assistant.error', error: { ...SIMULATED_FAILURE } },
];

describe('stamped turn events', () => {
  it.each(payloads)(
    '$type: the text is exactly the JSON of the event, fields in order',
    (payload) => {
      const event = stampedEvent(payload, turn, 12);
      expect(stampedEventText(payload, stampText(turn), 12)).toBe(JSON.stringify(event));
      expect(event).toEqual({
        ...payload,
        turn_id: turn.id,
        conversation_id: turn.conversationId,
        seq: 12,
      } satisfies TurnEvent);
      expect(Object.keys(event)).toEqual(
        Object.keys({ ...payload, turn_id: 1, conversation_id: 1, seq: 1 }),
      );
    },
  );

  it('sends every frame of a followed turn as the JSON of its event, type first and seq last', () => {
    const { clock, openSocket } = engineFixture();
    const socket = openSocket();
    socket.ask();
    clock.advance(PROCESSING_MS);
    expect(socket.types()).toContain('assistant.delta');
    socket.texts.forEach((text, index) => {
      const event = socket.events[index] as TurnEvent;
      const fields = Object.keys(event);
      expect(fields[0]).toBe('type');
      expect(fields.slice(2)).toEqual(['turn_id', 'conversation_id', 'seq']);
      expect(text).toBe(JSON.stringify(event));
    });
  });
});
