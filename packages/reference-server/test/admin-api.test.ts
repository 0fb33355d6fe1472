import { errorEnvelopeSchema } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReferenceServer, startReferenceServer } from '../src/index.ts';
import { call, TEST_CONFIG } from './support/test-server.ts';

let plain: RunningReferenceServer;
let admin: RunningReferenceServer;
beforeAll(async () => {
  [plain, admin] = await Promise.all([
    startReferenceServer({ config: TEST_CONFIG }),
    startReferenceServer({ config: TEST_CONFIG, admin: true, seed: 'admin-suite' }),
  ]);
});
afterAll(() => Promise.all([plain.close(), admin.close()]));

function adminCall(server: RunningReferenceServer, method: string, path: string, body?: unknown) {
  return fetch(`${server.url}/__admin${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
}

describe('admin API', () => {
  it('answers the ordinary 404 envelope on every admin path without admin', async () => {
    for (const [method, path] of [
      ['POST', '/reset'],
      ['GET', '/journal'],
      ['POST', '/clock/advance'],
      ['GET', ''],
    ] as const) {
      const reply = await adminCall(plain, method, path, method === 'POST' ? {} : undefined);
      expect(reply.status).toBe(404);
      expect(errorEnvelopeSchema.parse(reply.body).error.code).toBe('not_found');
    }
  });

  it('maps clock, faults, tenants, journal, self-check and reset to control', async () => {
    expect(await adminCall(admin, 'GET', '/clock')).toEqual({
      status: 200,
      body: { now: '2026-01-01T00:00:00.000Z', mode: 'manual' },
    });
    const advanced = await adminCall(admin, 'POST', '/clock/advance', { ms: 60_000 });
    expect(advanced.body.now).toBe('2026-01-01T00:01:00.000Z');
    const tenant = await adminCall(admin, 'POST', '/tenants', { limits: { daily_messages: 3 } });
    expect(tenant.status).toBe(201);
    expect(tenant.body).toMatchObject({ clientId: expect.stringMatching(/^tenant-/) });
    const injected = await adminCall(admin, 'POST', '/faults/errors', {
      count: 1,
      code: 'queue_unavailable',
      retryAfterSeconds: 3,
      operation: 'issueToken',
    });
    expect(injected.status).toBe(200);
    const basic: [string, string] = [tenant.body.clientId, tenant.body.clientSecret];
    const body = { external_user_id: 'admin-user' };
    expect((await call(admin, 'POST', '/tokens', { basic, body })).status).toBe(503);
    expect((await call(admin, 'POST', '/tokens', { basic, body })).status).toBe(200);
    const journal = await adminCall(admin, 'GET', '/journal?operation=issueToken&limit=5');
    expect(journal.body.entries.map((entry: { status: number }) => entry.status)).toEqual([
      503, 200,
    ]);
    expect((await adminCall(admin, 'GET', '/self-check')).body).toEqual({
      enabled: true,
      violations: [],
    });
    expect((await adminCall(admin, 'POST', '/faults/fail-next-turns', { count: 1 })).status).toBe(
      200,
    );
    expect((await adminCall(admin, 'POST', '/faults/latency', { ms: 1 })).status).toBe(200);
    expect((await adminCall(admin, 'DELETE', '/faults')).status).toBe(200);
    expect((await adminCall(admin, 'POST', '/faults/drop-sockets')).body).toEqual({ dropped: 0 });
    expect((await adminCall(admin, 'POST', '/reset')).status).toBe(200);
    expect((await call(admin, 'POST', '/tokens', { basic, body })).status).toBe(401);
    expect((await adminCall(admin, 'GET', '/journal')).body.entries).toHaveLength(1);
  });

  it('refuses invalid input with a 422 envelope, and unknown paths or methods', async () => {
    const bad = await adminCall(admin, 'POST', '/faults/errors', { count: 0, code: 'teapot' });
    expect(bad.status).toBe(422);
    const { error } = errorEnvelopeSchema.parse(bad.body);
    expect(error.details?.map((detail) => detail.path)).toEqual(['body.count', 'body.code']);
    const malformed = await fetch(`${admin.url}/__admin/clock/advance`, {
      method: 'POST',
      body: '{',
    });
    expect(malformed.status).toBe(422);
    expect((await adminCall(admin, 'GET', '/nope')).status).toBe(404);
    expect((await adminCall(admin, 'GET', '/reset')).status).toBe(405);
  });

  it('is neither journaled nor rate-limited', async () => {
    admin.control.reset();
    for (let index = 0; index < 3; index++) await adminCall(admin, 'GET', '/clock');
    expect(admin.control.journal.entries()).toEqual([]);
  });
});

describe('CORS', () => {
  it('allows any origin and exposes the API headers', async () => {
    const response = await fetch(`${plain.url}/api/partners/v1/capabilities`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const header of [
      'X-Request-Id',
      'Retry-After',
      'RateLimit-Remaining',
      'Idempotent-Replayed',
    ])
      expect(exposed).toContain(header);
  });

  it("answers a preflight with 204 and the path's methods", async () => {
    const preflight = await fetch(`${plain.url}/api/partners/v1/conversations/abc`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('DELETE, PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type',
    );
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const unknown = await fetch(`${plain.url}/api/partners/v1/nowhere`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET' },
    });
    expect(unknown.status).toBe(404);
  });
});
