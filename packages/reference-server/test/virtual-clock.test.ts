import { CLOSE_CODES } from '@partner-assistant/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningReferenceServer, startReferenceServer } from '../src/index.ts';
import {
  MANUAL_PROCESSING_MS,
  startManualServer,
  turnEvents,
  waitForEvent,
} from './support/manual-server.ts';
import { call, newUserSession, openSocket, waitFor } from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer();
});
beforeEach(() => server.control.reset());
afterAll(() => server.close());

describe('virtual clock', () => {
  it('is manual, tells the time and refuses to move a real clock', async () => {
    expect(server.control.clock.mode).toBe('manual');
    const before = server.control.clock.now().getTime();
    server.control.clock.advance(1500);
    expect(server.control.clock.now().getTime()).toBe(before + 1500);
    const realServer = await startReferenceServer({ port: 0 });
    expect(realServer.control.clock.mode).toBe('real');
    expect(() => realServer.control.clock.advance(1)).toThrow(/clock is real/);
    await realServer.close();
  });

  it('expires a token after advance: REST 401 and the open socket closed with 4401', async () => {
    const session = await newUserSession(server, { tenantOptions: { tokenTtlSeconds: 60 } });
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    server.control.clock.advance(59_000);
    expect((await call(server, 'GET', '/capabilities', { token: session.token })).status).toBe(200);
    server.control.clock.advance(1000);
    expect(await socket.closed).toBe(CLOSE_CODES.unauthorized);
    const refused = await call(server, 'GET', '/capabilities', { token: session.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');
  });

  it('resets the daily quota at the UTC day boundary', async () => {
    server.control.clock.set('2026-03-10T23:59:59.000Z');
    const session = await newUserSession(server, {
      tenantOptions: { limits: { daily_messages: 2, concurrent_turns: 10 } },
    });
    const send = (id: string) =>
      call(server, 'POST', `/conversations/${session.conversationId}/messages`, {
        token: session.token,
        body: { client_message_id: id, message: 'Opening hours of the town hall?' },
      });
    expect((await send('q-1')).status).toBe(202);
    expect((await send('q-2')).status).toBe(202);
    const exhausted = await send('q-3');
    expect(exhausted.status).toBe(429);
    expect(exhausted.headers.get('retry-after')).toBe('1');
    server.control.clock.advance(1000);
    expect(server.control.clock.now().toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect((await send('q-3')).status).toBe(202);
  });

  it('resets the requests_per_minute window on advance', async () => {
    server.control.clock.set('2026-03-11T08:00:00.000Z');
    const session = await newUserSession(server, {
      tenantOptions: { limits: { requests_per_minute: 3 } },
    });
    // Token issuance and conversation creation used two requests of this minute.
    expect((await call(server, 'GET', '/capabilities', { token: session.token })).status).toBe(200);
    const limited = await call(server, 'GET', '/capabilities', { token: session.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    server.control.clock.advance(60_000);
    expect((await call(server, 'GET', '/capabilities', { token: session.token })).status).toBe(200);
  });

  it('drives a turn queued → running → completed by advance alone', async () => {
    const session = await newUserSession(server);
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    socket.send({
      type: 'user.message',
      conversation_id: session.conversationId,
      client_message_id: 'clock-1',
      message: 'How do I renew my passport?',
    });
    await waitForEvent(socket, (event) => event.type === 'turn.accepted');
    const turnId: string = socket.events[0].turn_id;
    const turn = () => call(server, 'GET', `/turns/${turnId}`, { token: session.token });
    expect((await turn()).body.status).toBe('queued');
    server.control.clock.advance(MANUAL_PROCESSING_MS / 2);
    expect((await turn()).body.status).toBe('running');
    server.control.clock.advance(MANUAL_PROCESSING_MS / 2);
    const ended = await turn();
    expect(ended.body.status).toBe('completed');
    await waitForEvent(socket, (event) => event.type === 'assistant.completed');
    const events = turnEvents(socket, turnId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    const text = events.filter((event) => event.type === 'assistant.delta').map((e) => e.text);
    expect(text.join('')).toBe(ended.body.assistant_message.content);
    expect(server.control.selfCheck.violations()).toEqual([]);
    socket.socket.close();
    await waitFor(() => socket.closeCode !== undefined);
  });
});
