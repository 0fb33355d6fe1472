import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { startManualServer, waitForEvent } from './support/manual-server.ts';
import { call, newUserSession, openSocket } from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer();
});
afterAll(() => server.close());

describe('request journal', () => {
  it('records REST and WebSocket traffic, never a token, secret, user id or text', async () => {
    const secretText = 'My private question about passport 5c1e';
    const externalUserId = 'external-user-93a7';
    const session = await newUserSession(server, { externalUserId });
    await call(server, 'POST', `/conversations/${session.conversationId}/messages`, {
      token: session.token,
      body: { client_message_id: 'journal-1', message: secretText },
    });
    await call(server, 'GET', `/nothing/${session.token}/${externalUserId}`);
    await call(server, 'DELETE', `/users/${externalUserId}x`, {
      basic: [session.tenant.clientId, 'wrong-secret-value'],
    });
    const socket = openSocket(server, { token: session.token });
    await socket.opened;
    socket.send({
      type: 'user.message',
      conversation_id: session.conversationId,
      client_message_id: 'journal-2',
      message: secretText,
    });
    await waitForEvent(socket, (event) => event.type === 'turn.accepted');
    server.control.clock.advance(5000);
    await waitForEvent(socket, (event) => event.type === 'assistant.completed');
    socket.socket.close();

    const entries = server.control.journal.entries();
    const json = JSON.stringify(entries);
    for (const forbidden of [
      session.token,
      session.tenant.clientSecret,
      'wrong-secret-value',
      secretText,
      externalUserId,
      session.conversationId,
    ]) {
      expect(json).not.toContain(forbidden);
    }
    expect(entries.find((entry) => entry.errorCode === 'not_found')?.path).toBe(
      '/api/partners/v1/{redacted}/{redacted}/{redacted}',
    );
    const frames = server.control.journal.entries({ kind: 'ws' });
    expect(frames[0]).toMatchObject({ direction: 'in', frameType: 'user.message' });
    expect(frames.map((entry) => entry.frameType)).toContain('assistant.completed');
    expect(server.control.journal.entries({ limit: 2 })).toEqual(entries.slice(-2));
    const later = server.control.journal.entries({ since: server.control.clock.now() });
    expect(later.every((entry) => entry.at >= server.control.clock.now().toISOString())).toBe(true);
    server.control.journal.clear();
    expect(server.control.journal.entries()).toEqual([]);
  });
});
