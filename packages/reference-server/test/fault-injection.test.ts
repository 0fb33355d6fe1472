import { CLOSE_CODES } from '@partner-assistant/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import {
  askOverSocket,
  MANUAL_PROCESSING_MS,
  resumedText,
  startManualServer,
  turnEvents,
  waitForEvent,
} from './support/manual-server.ts';
import { call, newUserSession, openSocket, type UserSession } from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer();
});
beforeEach(() => server.control.reset());
afterAll(() => server.close());

async function resumeAndFinish(session: UserSession, turnId: string) {
  const again = openSocket(server, { token: session.token });
  await again.opened;
  again.send({ type: 'turn.subscribe', turn_id: turnId });
  await waitForEvent(again, (event) => event.type === 'turn.snapshot');
  server.control.clock.advance(MANUAL_PROCESSING_MS);
  await waitForEvent(again, (event) => event.type === 'assistant.completed');
  const turn = await call(server, 'GET', `/turns/${turnId}`, { token: session.token });
  expect(resumedText(again, turnId)).toBe(turn.body.assistant_message.content);
  again.socket.close();
}

describe('injected REST errors', () => {
  it('answers 429 with Retry-After and 503 on sendMessage; a retry shows in the journal', async () => {
    const session = await newUserSession(server);
    server.control.faults.injectErrors({
      count: 1,
      code: 'queue_unavailable',
      retryAfterSeconds: 2,
      operation: 'sendMessage',
    });
    const path = `/conversations/${session.conversationId}/messages`;
    const body = { client_message_id: 'retry-1', message: 'Passport renewal?' };
    const first = await call(server, 'POST', path, { token: session.token, body });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.body.error).toMatchObject({ code: 'queue_unavailable', retryable: true });
    expect((await call(server, 'POST', path, { token: session.token, body })).status).toBe(202);
    const sends = server.control.journal.entries({ operation: 'sendMessage' });
    expect(sends.map((entry) => [entry.status, entry.errorCode])).toEqual([
      [503, 'queue_unavailable'],
      [202, undefined],
    ]);
    expect(sends[0]).toMatchObject({
      kind: 'http',
      method: 'POST',
      path: '/api/partners/v1/conversations/{conversation_id}/messages',
    });

    server.control.faults.injectErrors({
      count: 2,
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 7,
    });
    const limited = await call(server, 'GET', '/capabilities', { token: session.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(
      (await call(server, 'POST', '/conversations', { token: session.token, body: {} })).status,
    ).toBe(429);
    expect((await call(server, 'GET', '/capabilities', { token: session.token })).status).toBe(200);
  });

  it('gives an injected 503 or 429 armed without Retry-After a default one', async () => {
    const session = await newUserSession(server);
    server.control.faults.injectErrors({ count: 1, code: 'queue_unavailable' });
    server.control.faults.injectErrors({ count: 1, code: 'rate_limit_exceeded' });
    const busy = await call(server, 'GET', '/capabilities', { token: session.token });
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([503, '1']);
    const limited = await call(server, 'GET', '/capabilities', { token: session.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(limited.headers.get('ratelimit-reset'));
  });

  it('adds latency to REST answers', async () => {
    server.control.faults.setLatency({ ms: 150 });
    const started = performance.now();
    expect((await call(server, 'GET', '/capabilities')).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    const [entry] = server.control.journal.entries({ operation: 'getCapabilities' });
    expect(entry?.durationMs).toBeGreaterThanOrEqual(140);
    server.control.faults.setLatency({ minMs: 20, maxMs: 40 });
    const ranged = performance.now();
    await call(server, 'GET', '/capabilities');
    expect(performance.now() - ranged).toBeGreaterThanOrEqual(15);
    server.control.faults.setLatency(null);
  });
});

describe('dropped sockets', () => {
  it('dropSockets cuts every socket (1006); turn.subscribe resumes without loss or repetition', async () => {
    const session = await newUserSession(server);
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    const turnId = await askOverSocket(socket, session, 'drop-all');
    server.control.clock.advance(MANUAL_PROCESSING_MS * 0.55);
    await waitForEvent(socket, (event) => event.type === 'assistant.delta');
    expect(server.control.faults.dropSockets()).toBe(1);
    expect(await socket.closed).toBe(1006);
    await resumeAndFinish(session, turnId);
  });

  it('dropAfterDelta cuts the socket mid-stream, right after the K-th delta', async () => {
    const session = await newUserSession(server);
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    server.control.faults.dropAfterDelta({ afterDeltas: 2 });
    const turnId = await askOverSocket(socket, session, 'drop-mid');
    server.control.clock.advance(MANUAL_PROCESSING_MS);
    expect(await socket.closed).toBe(1006);
    const received = turnEvents(socket, turnId).filter((event) => event.type === 'assistant.delta');
    expect(received).toHaveLength(2);
    const wsEntries = server.control.journal.entries({ kind: 'ws' });
    expect(wsEntries.at(-1)).toMatchObject({ frameType: 'close', status: 1006 });
    // The turn went on without the socket; a subscription gets its end as a snapshot.
    const again = openSocket(server, { token: session.token });
    await again.opened;
    again.send({ type: 'turn.subscribe', turn_id: turnId });
    await waitForEvent(again, (event) => event.type === 'turn.snapshot');
    const turn = await call(server, 'GET', `/turns/${turnId}`, { token: session.token });
    expect(resumedText(again, turnId)).toBe(turn.body.assistant_message.content);
    again.socket.close();
  });

  it('dropAfterDelta on a named turn, resumed before the turn ends', async () => {
    const session = await newUserSession(server);
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    const turnId = await askOverSocket(socket, session, 'drop-named');
    server.control.faults.dropAfterDelta({ afterDeltas: 1, turnId });
    server.control.clock.advance(MANUAL_PROCESSING_MS * 0.7);
    expect(await socket.closed).toBe(1006);
    await resumeAndFinish(session, turnId);
  });
});

describe('failing turns and token faults', () => {
  it('failNextTurns ends the next turn with assistant.error and status failed', async () => {
    const session = await newUserSession(server);
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    server.control.faults.failNextTurns();
    const turnId = await askOverSocket(socket, session, 'fail-1');
    server.control.clock.advance(MANUAL_PROCESSING_MS);
    await waitForEvent(socket, (event) => event.type === 'assistant.error');
    const turn = await call(server, 'GET', `/turns/${turnId}`, { token: session.token });
    expect(turn.body).toMatchObject({ status: 'failed', error: { code: 'processing_failed' } });
    expect(turn.body.assistant_message).toMatchObject({ status: 'failed', content: '' });
    socket.socket.close();
  });

  it('tokens.expire and tokens.revoke: REST 401 and open sockets closed with 4401', async () => {
    for (const fault of ['expire', 'revoke'] as const) {
      const session = await newUserSession(server, { externalUserId: `user-${fault}` });
      const socket = openSocket(server, { token: session.token });
      await socket.opened;
      server.control.tokens[fault](session.token);
      expect(await socket.closed).toBe(CLOSE_CODES.unauthorized);
      expect((await call(server, 'GET', '/capabilities', { token: session.token })).status).toBe(
        401,
      );
    }
    expect(server.control.selfCheck.violations()).toEqual([]);
  });
});
