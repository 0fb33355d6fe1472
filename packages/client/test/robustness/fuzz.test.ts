/**
 * Fuzz: many turns at once on one client, each answered by a small scripted server with its own
 * mix of valid and mutated frames (missing fields, wrong types, huge strings, `__proto__` keys,
 * unknown statuses and types, garbage) and of valid and mutated REST bodies. Seeded, so a failure
 * replays. Whatever arrives: no exception escapes, `Object.prototype` stays untouched, every
 * stream settles, and requests and sockets stay within their budgets.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  accepted,
  CONVERSATION_ID,
  event,
  message,
  TURN_ID,
  turn,
} from '../../src/realtime/frames.test-support.ts';
import { mutantsOf } from '../../src/validation/mutations.test-support.ts';
import {
  type ScriptedServer,
  scriptedClient,
  settledWithin,
  startScriptedServer,
} from '../support/scripted-server.ts';

const TURNS = 80;
const KEY = 'fuzz-key';

/** A valid value, or (often) one of its mutants; as JSON text, with the test turn's key. */
const maybeMutated = (value: unknown) =>
  fc.oneof(
    fc.constant(JSON.stringify(value)),
    mutantsOf(value).map((mutant) => mutant.json),
  );

const done = turn('completed', { assistant_message: message('Done') }, KEY);
const scenario = fc.record({
  frames: fc.tuple(
    maybeMutated(accepted(1, KEY)),
    maybeMutated(event('turn.running', 2, { turn: turn('running', {}, KEY) })),
    maybeMutated(event('assistant.delta', 3, { text: 'Do' })),
    fc.constantFrom('not json', '{"type":"assistant.citation","turn_id":1}', '[]', 'null'),
    maybeMutated(event('assistant.delta', 4, { text: 'ne' })),
    maybeMutated(event('assistant.completed', 5, { message: message('Done') })),
  ),
  snapshot: maybeMutated(event('turn.snapshot', 5, { turn: done, content: 'Done', label: null })),
  rest: maybeMutated(done),
});

let server: ScriptedServer;

/** What the server sends for one turn, with the turn's own id and key. */
interface Scenario {
  frames: string[];
  snapshot: string;
  rest: string;
}

const scenarios: Scenario[] = fc.sample(scenario, { seed: 16, numRuns: TURNS }).map((s, i) => {
  const own = (text: string) =>
    text.replaceAll(TURN_ID, turnIdOf(i)).replaceAll(KEY, `${KEY}-${i}`);
  return { frames: s.frames.map(own), snapshot: own(s.snapshot), rest: own(s.rest) };
});

function turnIdOf(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

beforeAll(async () => {
  const byTurn = new Map(scenarios.map((s, i) => [turnIdOf(i), s]));
  const byClientKey = new Map(scenarios.map((s, i) => [`${KEY}-${i}`, s]));
  server = await startScriptedServer(
    {
      onFrame(socket, frame) {
        if (frame.type === 'user.message') {
          for (const text of byClientKey.get(String(frame.client_message_id))?.frames ?? [])
            socket.send(text);
        } else if (frame.type === 'turn.subscribe') {
          const found = byTurn.get(String(frame.turn_id));
          if (found) socket.send(found.snapshot);
        } else return undefined;
        return true;
      },
    },
    ({ method, path, body }) => {
      const key = (body as { client_message_id?: string } | undefined)?.client_message_id ?? '';
      const index = key.startsWith(KEY) ? Number(key.slice(KEY.length + 1)) : -1;
      if (method === 'POST' && index >= 0) {
        return { status: 202, body: { ...turn('queued'), turn_id: turnIdOf(index) } };
      }
      const found = byTurn.get(path.slice('/turns/'.length));
      return found ? { status: 200, body: found.rest } : { status: 404, body: {} };
    },
  );
});
afterAll(() => server.close());

it(`${TURNS} turns answered with mutated frames and bodies: nothing escapes, every stream settles, within budgets`, {
  timeout: 30_000,
}, async () => {
  const escaped: unknown[] = [];
  const record = (error: unknown) => escaped.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  const client = scriptedClient(server, { streamIdleTimeoutMs: 200, logger: {} });
  try {
    const streams = scenarios.map((_, i) =>
      client.chat.send({
        conversationId: CONVERSATION_ID,
        message: 'Q',
        clientMessageId: `${KEY}-${i}`,
      }),
    );
    const finals = await Promise.all(streams.map((s) => settledWithin(s.finalMessage(), 15_000)));
    expect(finals.filter((state) => state === 'pending')).toEqual([]);
    const drained = await Promise.all(
      streams.map((s) =>
        settledWithin(
          (async () => {
            for await (const _ of s);
          })(),
          100,
        ),
      ),
    );
    expect(drained.filter((state) => state === 'pending')).toEqual([]);
    const finished = await Promise.all(
      streams.map((s) =>
        s.finalMessage().then(
          () => 1,
          () => 0,
        ),
      ),
    );
    // Valid scenarios (and mutants that break nothing) still deliver their answer.
    expect(finished.reduce((a: number, b) => a + b, 0)).toBeGreaterThan(TURNS / 4);
  } finally {
    await client.close();
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
  expect(escaped).toEqual([]);
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(server.counts.sockets).toBe(1);
  // At most one POST and two GETs (maxRetries 1) a turn.
  expect(server.counts.requests.length).toBeLessThanOrEqual(3 * TURNS);
});
