/**
 * A turn that has settled (`completed` or `failed`) says nothing more: its last event is
 * `assistant.completed` or `assistant.error`, whatever happens afterwards on the same socket
 * (time passing, other turns) and after a fault (a failure armed, a socket dropped and resumed).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import {
  askOverSocket,
  MANUAL_PROCESSING_MS,
  startManualServer,
  turnEvents,
  waitForEvent,
} from './support/manual-server.ts';
import {
  newUserSession,
  openSocket,
  type RecordingSocket,
  type UserSession,
} from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer();
});
beforeEach(() => server.control.reset());
afterAll(() => server.close());

/** Lets another turn run to its end on `socket`: time passes, events flow, the socket is live. */
async function runAnotherTurn(socket: RecordingSocket, session: UserSession) {
  const other = await askOverSocket(socket, session, 'later', 'When is the town hall open?');
  server.control.clock.advance(MANUAL_PROCESSING_MS * 3);
  await waitForEvent(
    socket,
    (event) => event.turn_id === other && event.type === 'assistant.completed',
  );
}

describe('a settled turn publishes nothing more', () => {
  it('completed: nothing follows assistant.completed, and its seq has no gap', async () => {
    const session = await newUserSession(server);
    const socket = await openedSocket(session);
    const turnId = await askOverSocket(socket, session, 'done', 'How do I renew my passport?');
    server.control.clock.advance(MANUAL_PROCESSING_MS);
    await waitForEvent(socket, (event) => event.type === 'assistant.completed');
    const atEnd = turnEvents(socket, turnId).length;
    await runAnotherTurn(socket, session);
    const events = turnEvents(socket, turnId);
    expect(events).toHaveLength(atEnd);
    expect(events.at(-1).type).toBe('assistant.completed');
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    socket.socket.close();
  });

  it('failed (an armed failure): nothing follows assistant.error', async () => {
    const session = await newUserSession(server);
    const socket = await openedSocket(session);
    server.control.faults.failNextTurns();
    const turnId = await askOverSocket(socket, session, 'fails', 'Where is the Saturday market?');
    server.control.clock.advance(MANUAL_PROCESSING_MS);
    await waitForEvent(socket, (event) => event.type === 'assistant.error');
    const atEnd = turnEvents(socket, turnId).length;
    await runAnotherTurn(socket, session);
    const events = turnEvents(socket, turnId);
    expect(events).toHaveLength(atEnd);
    expect(events.at(-1).type).toBe('assistant.error');
    socket.socket.close();
  });

  it('resumed after a dropped socket: nothing follows assistant.completed on the new one', async () => {
    const session = await newUserSession(server);
    const socket = await openedSocket(session);
    const turnId = await askOverSocket(socket, session, 'dropped', 'Where is the Saturday market?');
    server.control.faults.dropAfterDelta({ afterDeltas: 1, turnId });
    server.control.clock.advance(MANUAL_PROCESSING_MS * 0.7);
    expect(await socket.closed).toBe(1006);
    const again = await openedSocket(session);
    again.send({ type: 'turn.subscribe', turn_id: turnId });
    await waitForEvent(again, (event) => event.type === 'turn.snapshot');
    server.control.clock.advance(MANUAL_PROCESSING_MS);
    await waitForEvent(again, (event) => event.type === 'assistant.completed');
    const atEnd = turnEvents(again, turnId).length;
    await runAnotherTurn(again, session);
    expect(turnEvents(again, turnId)).toHaveLength(atEnd);
    expect(turnEvents(again, turnId).at(-1).type).toBe('assistant.completed');
    again.socket.close();
  });
});

async function openedSocket(session: UserSession): Promise<RecordingSocket> {
  const socket = openSocket(server, { token: session.token });
  await socket.opened;
  return socket;
}
