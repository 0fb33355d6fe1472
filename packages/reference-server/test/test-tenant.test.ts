import { ADMIN_PREFIX } from '@partner-assistant/engine/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { createTestTenant as createJestTestTenant } from '../src/jest/index.ts';
import { ADMIN_PATH } from '../src/vitest/admin-call.ts';
import { createTestTenant, type TestTenant, URL_ENV } from '../src/vitest/index.ts';
import { MANUAL_PROCESSING_MS, startManualServer } from './support/manual-server.ts';
import {
  call,
  newUserSession,
  sendMessage,
  turnStatus,
  type UserSession,
} from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer({ admin: true });
});
afterAll(() => server.close());

/** A user of `tenant` with a token and a conversation, and one question sent: its turn id. */
async function askedQuestion(tenant: TestTenant) {
  const session = await newUserSession(server, { tenant });
  return { session, turnId: await send(session, 'q-1') };
}

const send = (session: UserSession, key: string) =>
  sendMessage(server, session, key, 'Town hall hours?');

const statusOf = (session: UserSession, turnId: string) => turnStatus(server, session, turnId);

describe('createTestTenant: a tenant per test file, every control scoped to it', () => {
  it("moves only its own tenant's clock: the other tenant's turn stays queued", async () => {
    const [a, b] = await Promise.all([
      createTestTenant({ url: server.url, name: 'A' }),
      createTestTenant({ url: server.url, name: 'B' }),
    ]);
    const [askedA, askedB] = [await askedQuestion(a), await askedQuestion(b)];
    const before = await b.clock.now();

    const now = await a.clock.advance(MANUAL_PROCESSING_MS);
    expect(now).toEqual(await a.clock.now());
    expect(await statusOf(askedA.session, askedA.turnId)).toBe('completed');
    expect(await statusOf(askedB.session, askedB.turnId)).toBe('queued');
    expect(await b.clock.now()).toEqual(before);
    expect(server.control.clock.now()).toEqual(before);
  });

  it('injects faults, reads its journal and resets only its own tenant', async () => {
    const [a, b] = [
      await createTestTenant({ url: server.url }),
      await createTestTenant({ url: server.url }),
    ];
    const [sessionA, sessionB] = [
      await newUserSession(server, { tenant: a }),
      await newUserSession(server, { tenant: b }),
    ];
    await a.faults.injectErrors({ count: 1, code: 'queue_unavailable', operation: 'sendMessage' });
    expect(await a.faults.list()).toMatchObject([{ kind: 'errors', count: 1 }]);
    expect(await b.faults.list()).toEqual([]);
    const path = `/conversations/${sessionA.conversationId}/messages`;
    const message = { client_message_id: 'm-1', message: 'Market hours?' };
    const first = await call(server, 'POST', path, { token: sessionA.token, body: message });
    expect(first.status).toBe(503);
    await send(sessionB, 'b-1');
    const sends = await a.journal.entries({ operation: 'sendMessage' });
    expect(sends.map((entry) => entry.status)).toEqual([503]);
    expect(sends.every((entry) => entry.clientId === a.clientId)).toBe(true);

    await a.clock.advance(60_000);
    await a.reset();
    expect(await a.journal.entries()).toEqual([]);
    expect(await a.clock.now()).toEqual(server.control.clock.now());
    expect((await call(server, 'GET', '/capabilities', { token: sessionA.token })).status).toBe(
      401,
    );
    expect((await call(server, 'GET', '/capabilities', { token: sessionB.token })).status).toBe(
      200,
    );
    // Its credentials stay valid after the reset.
    expect((await newUserSession(server, { tenant: a })).token).toEqual(expect.any(String));
  });

  it('fails its own next turn and cuts its own sockets only', async () => {
    const tenant = await createTestTenant({ url: server.url });
    await tenant.faults.failNextTurns();
    const { session, turnId } = await askedQuestion(tenant);
    await tenant.clock.advance(MANUAL_PROCESSING_MS);
    expect(await statusOf(session, turnId)).toBe('failed');
    expect(await tenant.faults.dropSockets()).toBe(0);
  });

  it('arms and lists its own network faults and latency, and clears them', async () => {
    const tenant = await createTestTenant({ url: `${server.url}/` });
    const other = await createTestTenant({ url: server.url });
    await tenant.faults.setLatency({ ms: 5 });
    await tenant.faults.hang({ operation: 'listMessages' });
    await tenant.faults.connectionReset({ operation: 'sendMessage', count: 2 });
    expect((await tenant.faults.list()).map((fault) => fault.kind).sort()).toEqual([
      'connection-reset',
      'hang',
      'latency',
    ]);
    expect(await other.faults.list()).toEqual([]);
    await tenant.faults.setLatency(null);
    expect((await tenant.faults.list()).map((fault) => fault.kind).sort()).toEqual([
      'connection-reset',
      'hang',
    ]);
    await tenant.faults.clear();
    expect(await tenant.faults.list()).toEqual([]);
    const since = await tenant.clock.now();
    await newUserSession(server, { tenant });
    expect(await tenant.journal.entries({ since, operation: 'issueToken' })).toHaveLength(1);
    await tenant.journal.clear();
    expect(await tenant.journal.entries()).toEqual([]);
  });

  it('reads the server URL from PARTNER_ASSISTANT_URL, as the global setups set it', async () => {
    process.env[URL_ENV] = server.url;
    try {
      const tenant = await createJestTestTenant({ name: 'from the environment' });
      expect(tenant.url).toBe(server.url);
      expect(tenant.partnerName).toBe('from the environment');
    } finally {
      delete process.env[URL_ENV];
    }
    await expect(createTestTenant()).rejects.toThrow(/PARTNER_ASSISTANT_URL/);
  });

  it('refuses bad input with the admin API’s ApiError, and says when the admin API is off', async () => {
    const tenant = await createTestTenant({ url: server.url });
    await expect(tenant.clock.advance(-1)).rejects.toMatchObject({
      name: 'ApiError',
      code: 'invalid_request',
      status: 422,
    });
    expect(ADMIN_PATH).toBe(ADMIN_PREFIX);
    const closed = await startManualServer();
    try {
      await expect(createTestTenant({ url: closed.url })).rejects.toThrow(/admin: true/);
    } finally {
      await closed.close();
    }
  });

  it('names the URL and the cause when nothing listens at the URL', async () => {
    // A server's port, free again once it is closed: connecting there is refused.
    const stopped = await startManualServer({ admin: true });
    await stopped.close();
    const error = await createTestTenant({ url: stopped.url }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      `POST ${stopped.url}${ADMIN_PATH}/tenants failed: connect ECONNREFUSED ${new URL(stopped.url).host} (nothing listens there: is the reference server started?)`,
    );
  });
});
