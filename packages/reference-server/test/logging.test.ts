import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import {
  call,
  newUserSession,
  openSocket,
  startTestServer,
  waitFor,
} from './support/test-server.ts';

const lines: string[] = [];
let server: RunningReferenceServer;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ logger: pino({ level: 'info' }, sink) });
});
afterAll(() => server.close());

describe('structured logs', () => {
  it('log request id, method, path, status and duration, never a secret, token or message text', async () => {
    const secretText = 'My secret question about passport 8fd2c1';
    const externalUserId = 'external-user-7731';
    const session = await newUserSession(server, { externalUserId });
    const path = `/conversations/${session.conversationId}/messages`;
    const sent = await call(server, 'POST', path, {
      token: session.token,
      body: { client_message_id: 'log-1', message: secretText },
    });
    await call(server, 'GET', `/nothing/${session.token}`);
    await call(server, 'POST', '/tokens', {
      basic: [session.tenant.clientId, 'wrong-secret-value'],
      body: { external_user_id: 'x' },
    });
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    socket.send({
      type: 'user.message',
      conversation_id: session.conversationId,
      client_message_id: 'log-2',
      message: secretText,
    });
    await waitFor(() => socket.events.some((event) => event.type === 'assistant.completed'));
    socket.socket.close();
    await socket.closed;
    await call(server, 'DELETE', `/users/${externalUserId}`, {
      basic: [session.tenant.clientId, session.tenant.clientSecret],
    });
    await waitFor(() => lines.some((line) => line.includes('"socket closed"')));

    const all = lines.join('\n');
    for (const forbidden of [
      session.token,
      session.tenant.clientSecret,
      'wrong-secret-value',
      secretText,
      externalUserId,
      'Basic ',
    ]) {
      expect(all).not.toContain(forbidden);
    }
    const sendLog = lines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.request_id === sent.headers.get('x-request-id'));
    expect(sendLog).toMatchObject({
      method: 'POST',
      path: '/api/partners/v1/conversations/{conversation_id}/messages',
      status: 202,
      operation: 'sendMessage',
    });
    expect(typeof sendLog.duration_ms).toBe('number');
  });
});
