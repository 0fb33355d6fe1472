import { CLOSE_CODES } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { MANUAL_PROCESSING_MS, startManualServer } from './support/manual-server.ts';
import {
  call,
  newUserSession,
  openSocket,
  sendMessage,
  turnStatus,
  type UserSession,
} from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer({ admin: true });
});
afterAll(() => server.close());

const send = (session: UserSession, key: string) =>
  sendMessage(server, session, key, 'Passport renewal?');

const statusOf = (session: UserSession, turnId: string) => turnStatus(server, session, turnId);

describe('controls scoped to one tenant', () => {
  it('fails the next turns of one tenant only', async () => {
    const [a, b] = [await newUserSession(server), await newUserSession(server)];
    server.control.faults.failNextTurns(1, { tenant: a.tenant.clientId });
    const turnB = await send(b, 'b-1');
    const turnA = await send(a, 'a-1');
    server.control.clock.advance(MANUAL_PROCESSING_MS);
    expect(await statusOf(b, turnB)).toBe('completed');
    expect(await statusOf(a, turnA)).toBe('failed');
  });

  it('drops the sockets of one tenant only', async () => {
    const [a, b] = [await newUserSession(server), await newUserSession(server)];
    const [socketA, socketB] = [openSocket(server, a), openSocket(server, b)];
    await Promise.all([socketA.opened, socketB.opened]);
    expect(server.control.faults.dropSockets({ tenant: a.tenant.partnerId })).toBe(1);
    expect(await socketA.closed).toBe(1006);
    expect(socketB.socket.readyState).toBe(socketB.socket.OPEN);
    socketB.socket.close();
  });

  it("clears one tenant's injected errors and leaves the other's armed", async () => {
    const [a, b] = [await newUserSession(server), await newUserSession(server)];
    for (const session of [a, b]) {
      server.control.faults.injectErrors({
        count: 1,
        code: 'queue_unavailable',
        tenant: session.tenant.clientId,
      });
    }
    // Over the admin API, as a test file in a worker would.
    const cleared = await fetch(`${server.url}/__admin/faults?tenant=${a.tenant.clientId}`, {
      method: 'DELETE',
    });
    expect(cleared.status).toBe(200);
    expect((await call(server, 'GET', '/capabilities', { token: a.token })).status).toBe(200);
    expect((await call(server, 'GET', '/capabilities', { token: b.token })).status).toBe(503);
  });

  it('resets one tenant: its data, tokens and sockets go, its credentials and the other tenant stay', async () => {
    const [a, b] = [await newUserSession(server), await newUserSession(server)];
    const socketA = openSocket(server, a);
    await socketA.opened;
    server.control.reset({ tenant: a.tenant.clientId });
    expect(await socketA.closed).toBe(CLOSE_CODES.goingAway);
    expect((await call(server, 'GET', '/capabilities', { token: a.token })).status).toBe(401);
    expect(
      (await call(server, 'GET', `/conversations/${b.conversationId}/messages`, { token: b.token }))
        .status,
    ).toBe(200);
    const again = await newUserSession(server, { tenant: a.tenant });
    expect(again.userId).not.toBe(a.userId);
  });

  it('refuses a tenant the server does not know, over control and the admin API', async () => {
    expect(() => server.control.reset({ tenant: 'nobody' })).toThrow(/tenant/);
    const reply = await fetch(`${server.url}/__admin/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant: 'nobody' }),
    });
    expect(reply.status).toBe(422);
  });
});
