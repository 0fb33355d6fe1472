import { request as httpRequest } from 'node:http';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningReferenceServer, startReferenceServer } from '../src/index.ts';
import { newUserSession, TEST_CONFIG, type UserSession, waitFor } from './support/test-server.ts';

let server: RunningReferenceServer;
let session: UserSession;
beforeAll(async () => {
  server = await startReferenceServer({ config: TEST_CONFIG, port: 0, admin: true });
});
beforeEach(async () => {
  server.control.reset();
  session = await newUserSession(server);
});
afterAll(() => server.close());

const capabilities = (init: RequestInit = {}) =>
  fetch(`${server.url}${PATH_PREFIX}/capabilities`, {
    ...init,
    headers: { authorization: `Bearer ${session.token}` },
  });

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/__admin${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The error a node:http request meets (or `undefined` when it is answered). */
function nodeError(path: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const req = httpRequest(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(undefined);
    });
    req.on('error', resolve);
    req.end();
  });
}

describe('REST network faults', () => {
  it('resets the connection of the next matching request, without an answer', async () => {
    const armed = await admin('POST', '/faults/connection-reset', {
      operation: 'getCapabilities',
      count: 2,
      tenant: session.tenant.clientId,
    });
    expect(armed.status).toBe(200);
    const other = await fetch(
      `${server.url}${PATH_PREFIX}/conversations/${session.conversationId}/messages`,
      { headers: { authorization: `Bearer ${session.token}` } },
    );
    expect(other.status).toBe(200);
    await expect(capabilities()).rejects.toThrow(TypeError);
    expect((await nodeError(`${PATH_PREFIX}/capabilities`))?.code).toBe('ECONNRESET');
    expect((await capabilities()).status).toBe(200);
  });

  it('holds a hung request open until the client gives up', async () => {
    server.control.faults.hang({ operation: 'getCapabilities' });
    const controller = new AbortController();
    const pending = capabilities({ signal: controller.signal });
    await waitFor(() => server.control.faults.list().length === 0);
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect((await capabilities()).status).toBe(200);
  });

  it('closes a hung request unanswered when the fault is cleared', async () => {
    expect((await admin('POST', '/faults/hang', { tenant: session.tenant.partnerId })).status).toBe(
      200,
    );
    const pending = capabilities();
    await waitFor(() => server.control.faults.list().length === 0);
    expect((await admin('DELETE', `/faults?tenant=${session.tenant.partnerId}`)).status).toBe(200);
    await expect(pending).rejects.toThrow(TypeError);
  });

  it('lists armed faults, per tenant, and clears them', async () => {
    const other = server.control.tenants.create();
    server.control.faults.connectionReset({ operation: 'sendMessage', tenant: other.clientId });
    server.control.faults.injectErrors({ count: 2, code: 'internal_error' });
    await admin('POST', '/faults/hang', { count: 3, tenant: session.tenant.clientId });
    const all = await admin('GET', '/faults');
    expect(all.status).toBe(200);
    expect(all.body.faults).toEqual([
      { kind: 'errors', count: 2, code: 'internal_error' },
      {
        kind: 'connection-reset',
        tenant: other.clientId,
        count: 1,
        operation: 'sendMessage',
      },
      { kind: 'hang', tenant: session.tenant.clientId, count: 3 },
    ]);
    const mine = await admin('GET', `/faults?tenant=${session.tenant.clientId}`);
    expect(mine.body.faults).toEqual([{ kind: 'hang', tenant: session.tenant.clientId, count: 3 }]);
    await admin('DELETE', '/faults');
    expect((await admin('GET', '/faults')).body.faults).toEqual([]);
  });

  it('refuses a network fault naming an unknown operation', async () => {
    const refused = await admin('POST', '/faults/hang', { operation: 'noSuchOperation' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0].path).toBe('body.operation');
  });

  it('GET /__admin lists the admin routes', async () => {
    const index = await admin('GET', '');
    expect(index.status).toBe(200);
    expect(index.body.routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/__admin/faults' },
        { method: 'POST', path: '/__admin/faults/connection-reset' },
        { method: 'POST', path: '/__admin/faults/hang' },
        { method: 'POST', path: '/__admin/clock/advance' },
      ]),
    );
  });
});
