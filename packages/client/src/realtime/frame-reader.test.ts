import { receivedServerEventSchema as serverEventSchema } from '@partner-assistant/contract';
import { SERVER_EVENT_TYPES } from '@partner-assistant/contract/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SHAPES } from '../validation/contract-shapes.ts';
import { mutantsOf } from '../validation/mutations.test-support.ts';
import { readServerFrame } from './frame-reader.ts';
import { accepted, event, message, TURN_ID, turn } from './frames.test-support.ts';

/** A valid event of each type the server sends. */
const EXAMPLES = [
  accepted(),
  event('turn.running', 2, { turn: turn('running') }),
  event('turn.snapshot', 3, { turn: turn('running'), content: 'Bon', label: null }),
  event('assistant.status', 4, { label: 'Looking' }),
  event('assistant.delta', 5, { text: 'jour' }),
  event('assistant.completed', 6, { message: message('Bonjour') }),
  event('assistant.error', 6, {
    error: { code: 'processing_failed', message: 'No', retryable: false },
  }),
  { type: 'pong', id: 'p1' },
  {
    type: 'frame.rejected',
    client_message_id: 'key-1',
    error: {
      code: 'invalid_request',
      message: 'Bad frame',
      retryable: false,
      request_id: '0b6b3c54-3f7e-4c8e-9a43-6b1de1f0c2aa',
      details: [{ path: 'message', message: 'Required' }],
    },
  },
];

const passes = (json: string) => {
  const read = readServerFrame(json);
  return typeof read === 'object' && !Array.isArray(read);
};

describe('the WebSocket door judges frames as the contract schema does', () => {
  it('knows every event type of the contract, and no other', () => {
    const lowerCase = Object.keys(CONTRACT_SHAPES).filter((name) => name === name.toLowerCase());
    expect(lowerCase.sort()).toEqual([...SERVER_EVENT_TYPES].sort());
  });

  it.each(EXAMPLES.map((example) => [example.type, example]))(
    '%s: mutated frames',
    (_, example) => {
      expect(passes(JSON.stringify(example))).toBe(true);
      fc.assert(
        fc.property(mutantsOf(example), ({ json, formatChanged }) => {
          const zod = serverEventSchema.safeParse(JSON.parse(json)).success;
          const door = passes(json);
          expect(Object.prototype).not.toHaveProperty('polluted');
          if (zod) expect(door).toBe(true);
          else if (!formatChanged) expect(door).toBe(false);
        }),
        { seed: 16, numRuns: 200 },
      );
    },
  );

  it('says why a frame is skipped, naming its type, never its content', () => {
    expect(readServerFrame('{"type":')).toEqual(['not JSON']);
    expect(readServerFrame('[1]')).toEqual(['no type']);
    const bad = { ...event('assistant.delta', 1), text: 42 };
    expect(readServerFrame(JSON.stringify(bad))).toEqual([
      'assistant.delta: text: wrong type',
      TURN_ID,
    ]);
    const unknown = { ...accepted(), turn: { ...turn('queued'), status: 'paused' } };
    expect(readServerFrame(JSON.stringify(unknown))).toEqual([
      'turn.accepted: turn.status: unknown value "paused"',
      TURN_ID,
    ]);
  });

  it('lower-cases the UUIDs of a frame, also when it is skipped', () => {
    const upper = {
      ...event('assistant.completed', 3, { message: message('Hi', TURN_ID.toUpperCase()) }),
      turn_id: TURN_ID.toUpperCase(),
    };
    expect(readServerFrame(JSON.stringify(upper))).toMatchObject({
      turn_id: TURN_ID,
      message: { turn_id: TURN_ID },
    });
    const bad = { ...event('assistant.delta', 4), turn_id: TURN_ID.toUpperCase() };
    expect(readServerFrame(JSON.stringify(bad))).toEqual([
      'assistant.delta: text: wrong type',
      TURN_ID,
    ]);
  });

  it('lets in what the specification promises: a message without turn_id, an error with only message', () => {
    const { turn_id: _t, ...bare } = message('Hi');
    const completed = event('assistant.completed', 3, { message: bare });
    expect(passes(JSON.stringify(completed))).toBe(true);
    const failed = event('assistant.error', 3, { error: { message: 'No answer' } });
    expect(passes(JSON.stringify(failed))).toBe(true);
  });

  it('lets events of unknown types and unknown fields pass', () => {
    expect(readServerFrame('{"type":"assistant.citation","turn_id":1}')).toBeUndefined();
    expect(readServerFrame('{"type":"__proto__"}')).toBeUndefined();
    // Names of other shapes (an operation's, a shared one's) are no event types.
    expect(readServerFrame(JSON.stringify({ ...turn('queued'), type: 'getTurn' }))).toBeUndefined();
    expect(readServerFrame(JSON.stringify({ ...turn('queued'), type: 'T' }))).toBeUndefined();
    const later = { ...event('assistant.delta', 1, { text: 'a' }), added: { x: 1 } };
    expect(readServerFrame(JSON.stringify(later))).toEqual(later);
  });
});
