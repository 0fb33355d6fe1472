import { HTTP_HEADERS } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import {
  call,
  newUserSession,
  openSocket,
  startTestServer,
  waitFor,
} from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('message idempotency', () => {
  it('replays an identical message: same turn, 202 then 200, Idempotent-Replayed, nothing created', async () => {
    const { token, conversationId } = await newUserSession(server);
    const path = `/conversations/${conversationId}/messages`;
    const body = {
      client_message_id: 'same',
      message: 'Passport?',
      location: { city: 'Lyon', country: 'FR' },
    };
    const first = await call(server, 'POST', path, { token, body });
    expect(first.headers.get(HTTP_HEADERS.idempotentReplayed)).toBeNull();
    const replay = await call(server, 'POST', path, {
      token,
      body: {
        location: { country: 'FR', city: 'Lyon' },
        message: 'Passport?',
        client_message_id: 'same',
        metadata: { platform: 'web' },
      },
    });
    expect(replay.status).toBe(202);
    expect(replay.headers.get(HTTP_HEADERS.idempotentReplayed)).toBe('true');
    expect(replay.body.turn_id).toBe(first.body.turn_id);
    await waitFor(
      async () =>
        (await call(server, 'GET', `/turns/${first.body.turn_id}`, { token })).body.status ===
        'completed',
    );
    const late = await call(server, 'POST', path, { token, body });
    expect(late.status).toBe(200);
    expect(late.body.status).toBe('completed');
    expect((await call(server, 'GET', path, { token })).body.messages).toHaveLength(2);
  });

  it('conflicts when the key is reused with another text, location or conversation', async () => {
    const { token, conversationId } = await newUserSession(server);
    const other = (await call(server, 'POST', '/conversations', { token, body: {} })).body
      .conversation_id;
    await call(server, 'POST', `/conversations/${conversationId}/messages`, {
      token,
      body: { client_message_id: 'k', message: 'A' },
    });
    const conflicts = [
      { conversation: conversationId, body: { client_message_id: 'k', message: 'B' } },
      {
        conversation: conversationId,
        body: { client_message_id: 'k', message: 'A', location: { city: 'Paris' } },
      },
      { conversation: other, body: { client_message_id: 'k', message: 'A' } },
    ];
    for (const conflict of conflicts) {
      const reply = await call(server, 'POST', `/conversations/${conflict.conversation}/messages`, {
        token,
        body: conflict.body,
      });
      expect(reply.status).toBe(409);
      expect(reply.body.error.code).toBe('idempotency_conflict');
    }
  });

  it('keeps keys per user', async () => {
    const a = await newUserSession(server);
    const b = await newUserSession(server, { tenant: a.tenant, externalUserId: 'user-2' });
    const body = { client_message_id: 'shared-key', message: 'Hello' };
    const first = await call(server, 'POST', `/conversations/${a.conversationId}/messages`, {
      token: a.token,
      body,
    });
    const second = await call(server, 'POST', `/conversations/${b.conversationId}/messages`, {
      token: b.token,
      body,
    });
    expect(second.status).toBe(202);
    expect(second.body.turn_id).not.toBe(first.body.turn_id);
  });

  it('creates one turn for identical WebSocket frames and answers the replays with snapshots', async () => {
    const { token, conversationId } = await newUserSession(server);
    const recording = openSocket(server, { token });
    await recording.opened;
    const frame = {
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: 'ws-burst',
      message: 'Hello',
    };
    for (let index = 0; index < 20; index++) recording.send(frame);
    await waitFor(
      () => recording.events.filter((event) => event.type === 'turn.snapshot').length === 19,
    );
    expect(recording.events.filter((event) => event.type === 'turn.accepted')).toHaveLength(1);
    expect(new Set(recording.events.map((event) => event.turn_id)).size).toBe(1);
    recording.socket.close();
  });

  it('creates exactly one turn for 50 simultaneous identical submissions', async () => {
    const { token, conversationId } = await newUserSession(server);
    const path = `/conversations/${conversationId}/messages`;
    const body = { client_message_id: 'burst', message: 'How do I renew my passport?' };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => call(server, 'POST', path, { token, body })),
    );
    expect(new Set(replies.map((reply) => reply.body.turn_id)).size).toBe(1);
    expect(replies.every((reply) => reply.status === 202 || reply.status === 200)).toBe(true);
    expect(
      replies.filter((reply) => reply.headers.get(HTTP_HEADERS.idempotentReplayed) === null),
    ).toHaveLength(1);
    const history = await call(server, 'GET', path, { token });
    expect(history.body.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(
      1,
    );
  });
});
