import { describe, expect, it } from 'vitest';
import { SERVER_EVENT_TYPES, serverEventSchema } from './server-events.ts';

const CONVERSATION_ID = '3f9a7c2e-5b1d-4e8f-a6c0-9d2b7e4f1a35';
const TURN_ID = '1d4b5c6e-7f80-4a91-b2c3-d4e5f6a7b8c9';
const ids = { turn_id: TURN_ID, conversation_id: CONVERSATION_ID };

const assistantMessage = {
  message_id: '6f1c1b8e-3c2a-4e55-9d0e-2f8f0b7a9c11',
  turn_id: TURN_ID,
  role: 'assistant',
  content: 'Book an appointment at a town hall.',
  status: 'completed',
  created_at: '2026-11-21T09:30:05.000Z',
  cards: [{ id: 'c1', type: 'procedure', title: 'Passport renewal' }],
  visualizations: [],
  suggested_actions: [{ id: 'a1', type: 'open_url', label: 'Book', value: 'https://example.org' }],
};

const turn = (status: string, assistant_message: unknown = null) => ({
  ...ids,
  status,
  created_at: '2026-11-21T09:30:01.000Z',
  updated_at: '2026-11-21T09:30:02.000Z',
  client_message_id: 'msg-1',
  user_message_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  assistant_message,
  error: null,
});

const events = {
  'turn.accepted': { type: 'turn.accepted', ...ids, seq: 1, turn: turn('queued') },
  'turn.running': { type: 'turn.running', ...ids, seq: 2, turn: turn('running') },
  'turn.snapshot': {
    type: 'turn.snapshot',
    ...ids,
    seq: 5,
    turn: turn('running'),
    content: 'Book an appoint',
    label: 'Looking up procedures…',
  },
  'assistant.status': { type: 'assistant.status', ...ids, seq: 3, label: 'Looking up procedures…' },
  'assistant.delta': { type: 'assistant.delta', ...ids, seq: 4, text: 'Book an appoint' },
  'assistant.completed': { type: 'assistant.completed', ...ids, seq: 6, message: assistantMessage },
  'assistant.error': {
    type: 'assistant.error',
    ...ids,
    seq: 6,
    error: { code: 'processing_failed', message: 'No answer could be produced.', retryable: true },
  },
  pong: { type: 'pong', id: 'p-17' },
  'frame.rejected': {
    type: 'frame.rejected',
    error: {
      code: 'idempotency_conflict',
      message: 'client_message_id reused with different content',
      retryable: false,
      request_id: '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
    },
    client_message_id: 'msg-1',
  },
} satisfies Record<(typeof SERVER_EVENT_TYPES)[number], Record<string, unknown>>;

const turnEvents = Object.entries(events).filter(
  ([type]) => type !== 'pong' && type !== 'frame.rejected',
);

describe('serverEventSchema', () => {
  it('covers every listed event type', () => {
    expect(Object.keys(events).sort()).toEqual([...SERVER_EVENT_TYPES].sort());
  });

  it.each(Object.entries(events))('parses %s', (_, event) => {
    expect(serverEventSchema.parse(event)).toEqual(event);
  });

  it.each([
    ['a pong without id', { type: 'pong' }],
    ['a snapshot without label yet', { ...events['turn.snapshot'], label: null, content: '' }],
    [
      'a snapshot of an ended turn',
      { ...events['turn.snapshot'], turn: turn('completed', assistantMessage) },
    ],
    [
      'an error with an unknown code',
      {
        ...events['assistant.error'],
        error: { code: 'model_overloaded', message: 'x', retryable: true },
      },
    ],
    [
      'frame.rejected about a turn',
      { type: 'frame.rejected', error: events['frame.rejected'].error, turn_id: TURN_ID },
    ],
    ['an event with a field added later', { ...events['assistant.delta'], model: 'x' }],
  ])('parses %s', (_, event) => {
    expect(serverEventSchema.safeParse(event).success).toBe(true);
  });

  it.each(
    turnEvents.flatMap(([type, event]) =>
      ['seq', 'turn_id', 'conversation_id'].map((f) => [type, f, event] as const),
    ),
  )('refuses %s without %s', (_, field, event) => {
    const { [field as 'seq']: _removed, ...rest } = event as Record<string, unknown>;
    expect(serverEventSchema.safeParse(rest).success).toBe(false);
  });

  it.each([0, -1, 1.5, '3'])('refuses seq %j', (seq) => {
    expect(serverEventSchema.safeParse({ ...events['assistant.delta'], seq }).success).toBe(false);
  });

  it.each([
    ['an unknown type', { type: 'assistant.thinking', ...ids, seq: 2 }],
    ['a malformed turn_id', { ...events['assistant.delta'], turn_id: 'turn-1' }],
    ['a delta without text', { type: 'assistant.delta', ...ids, seq: 4 }],
    ['a status without label', { type: 'assistant.status', ...ids, seq: 3 }],
    ['a snapshot without content', { ...events['turn.snapshot'], content: undefined }],
    ['a snapshot without turn', { ...events['turn.snapshot'], turn: undefined }],
    [
      'a completed event with an invalid message',
      { ...events['assistant.completed'], message: { content: 'x' } },
    ],
    [
      'an error event without message',
      { ...events['assistant.error'], error: { code: 'processing_failed' } },
    ],
    [
      'frame.rejected without request_id',
      { ...events['frame.rejected'], error: { code: 'not_found', message: 'x', retryable: false } },
    ],
    [
      'a turn.accepted whose turn has a bad status',
      { ...events['turn.accepted'], turn: turn('pending') },
    ],
  ])('refuses %s', (_, event) => {
    expect(serverEventSchema.safeParse(event).success).toBe(false);
  });
});
