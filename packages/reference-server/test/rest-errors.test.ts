import { connect } from 'node:net';
import {
  API_ERROR_CODE_LIST,
  type ApiErrorCode,
  errorEnvelopeSchema,
  HTTP_HEADERS,
  PATH_PREFIX,
} from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { MANUAL_PROCESSING_MS, startManualServer } from './support/manual-server.ts';
import {
  call,
  type JsonReply,
  newUserSession,
  offsetClock,
  startTestServer,
  TEST_CONFIG,
  waitFor,
} from './support/test-server.ts';

let server: RunningReferenceServer;
const time = offsetClock();
const seen = new Set<ApiErrorCode>();

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(async () => {
  await server.close();
  // Every error code of the contract but internal_error (never caused by input) is exercised here.
  expect([...seen].sort()).toEqual(
    API_ERROR_CODE_LIST.filter((code) => code !== 'internal_error').sort(),
  );
});

function expectError(reply: JsonReply, status: number, code: ApiErrorCode): void {
  expect(reply.status).toBe(status);
  const envelope = errorEnvelopeSchema.parse(reply.body);
  expect(envelope.error.code).toBe(code);
  expect(reply.headers.get(HTTP_HEADERS.requestId)).toBe(envelope.error.request_id);
  expect(envelope.error.retryable).toBe(status === 429 || status === 503);
  if (status === 429 || status === 503)
    expect(Number(reply.headers.get(HTTP_HEADERS.retryAfter))).toBeGreaterThanOrEqual(1);
  seen.add(code);
}

describe('401 unauthorized', () => {
  it('refuses missing, malformed, wrong and unknown credentials', async () => {
    expectError(await call(server, 'GET', '/capabilities'), 401, 'unauthorized');
    expectError(
      await call(server, 'GET', '/capabilities', { token: 'pat_nope' }),
      401,
      'unauthorized',
    );
    expectError(
      await call(server, 'GET', '/capabilities', { headers: { authorization: 'Basic !!!' } }),
      401,
      'unauthorized',
    );
    const body = { external_user_id: 'u' };
    expectError(
      await call(server, 'POST', '/tokens', { basic: ['acme-sbx', 'wrong'], body }),
      401,
      'unauthorized',
    );
    expectError(
      await call(server, 'POST', '/tokens', { basic: ['nobody', 's3cret'], body }),
      401,
      'unauthorized',
    );
    const { token } = await newUserSession(server);
    expectError(await call(server, 'POST', '/tokens', { token, body }), 401, 'unauthorized');
    const reply = await call(server, 'DELETE', '/users/u', { token });
    expectError(reply, 401, 'unauthorized');
  });

  it('refuses an expired token', async () => {
    const { token } = await newUserSession(server, { tenantOptions: { tokenTtlSeconds: 60 } });
    expect((await call(server, 'GET', '/capabilities', { token })).status).toBe(200);
    time.advance(61_000);
    expectError(await call(server, 'GET', '/capabilities', { token }), 401, 'unauthorized');
  });
});

describe('403, 404, 405', () => {
  it('refuses an operation outside the token scopes', async () => {
    const { token, conversationId } = await newUserSession(server);
    const tenant = server.control.tenants.create({ scopes: ['chat:read'] });
    const issued = await call(server, 'POST', '/tokens', {
      basic: [tenant.clientId, tenant.clientSecret],
      body: { external_user_id: 'r' },
    });
    const readToken: string = issued.body.access_token;
    expectError(
      await call(server, 'POST', '/conversations', { token: readToken, body: {} }),
      403,
      'insufficient_scope',
    );
    expectError(
      await call(server, 'DELETE', `/turns/${crypto.randomUUID()}`, { token: readToken }),
      403,
      'insufficient_scope',
    );
    expectError(
      await call(server, 'POST', `/messages/${crypto.randomUUID()}/feedback`, {
        token: readToken,
        body: { rating: 'up' },
      }),
      403,
      'insufficient_scope',
    );
    expect(
      (await call(server, 'GET', `/turns/${crypto.randomUUID()}`, { token: readToken })).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', `/conversations/${conversationId}/messages`, { token })).status,
    ).toBe(200);
  });

  it('answers not_found for unknown routes and resources', async () => {
    const { token } = await newUserSession(server);
    expectError(await call(server, 'GET', '/nothing-here'), 404, 'not_found');
    const unknown = await fetch(`${server.url}/not-an-api-path`);
    expect(unknown.status).toBe(404);
    expectError(
      await call(server, 'GET', `/turns/${crypto.randomUUID()}`, { token }),
      404,
      'not_found',
    );
    expectError(
      await call(server, 'POST', `/messages/${crypto.randomUUID()}/feedback`, {
        token,
        body: { rating: 'up' },
      }),
      404,
      'not_found',
    );
  });

  it('answers 405 with Allow for an unsupported method', async () => {
    const reply = await call(server, 'PUT', `/conversations/${crypto.randomUUID()}`);
    expectError(reply, 405, 'method_not_allowed');
    expect(reply.headers.get('allow')).toBe('DELETE, PATCH');
    expect((await call(server, 'GET', '/tokens')).headers.get('allow')).toBe('POST');
  });
});

describe('409, 413, 415, 422', () => {
  it('refuses deleting a turn or conversation while a turn is in progress', async () => {
    // On a manual clock: the turn stays in progress however slow the machine is.
    const manual = await startManualServer({ selfCheck: false });
    try {
      const { token, conversationId } = await newUserSession(manual);
      const sent = await call(manual, 'POST', `/conversations/${conversationId}/messages`, {
        token,
        body: { client_message_id: 'a', message: 'Hello' },
      });
      expectError(
        await call(manual, 'DELETE', `/turns/${sent.body.turn_id}`, { token }),
        409,
        'turn_in_progress',
      );
      expectError(
        await call(manual, 'DELETE', `/conversations/${conversationId}`, { token }),
        409,
        'turn_in_progress',
      );
      expectError(
        await call(manual, 'POST', `/conversations/${conversationId}/messages`, {
          token,
          body: { client_message_id: 'a', message: 'Other' },
        }),
        409,
        'idempotency_conflict',
      );
      manual.control.clock.advance(MANUAL_PROCESSING_MS);
      expect(
        (await call(manual, 'GET', `/turns/${sent.body.turn_id}`, { token })).body.status,
      ).toBe('completed');
      expect(
        (await call(manual, 'DELETE', `/conversations/${conversationId}`, { token })).status,
      ).toBe(200);
    } finally {
      await manual.close();
    }
  });

  it('refuses a body over 64 KiB, a non-JSON body and malformed JSON', async () => {
    const { token } = await newUserSession(server);
    expectError(
      await call(server, 'POST', '/conversations', {
        token,
        body: JSON.stringify({ title: 'x'.repeat(70_000) }),
      }),
      413,
      'payload_too_large',
    );
    expectError(
      await call(server, 'POST', '/conversations', {
        token,
        body: 'title=x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    const malformed = await call(server, 'POST', '/conversations', { token, body: '{"title":' });
    expectError(malformed, 422, 'invalid_request');
    expect(malformed.body.error.details).toEqual([{ path: 'body', message: 'Malformed JSON' }]);
  });

  it('details every invalid field', async () => {
    const { token, conversationId } = await newUserSession(server);
    const rename = await call(server, 'PATCH', '/conversations/not-a-uuid', {
      token,
      body: { title: '   ', extra: 1 },
    });
    expectError(rename, 422, 'invalid_request');
    const paths = rename.body.error.details.map((detail: { path: string }) => detail.path).sort();
    expect(paths).toEqual(['body.extra', 'body.title', 'path.conversation_id']);
    const query = await call(
      server,
      'GET',
      `/conversations/${conversationId}/messages?limit=0&offset=-1&foo=1`,
      { token },
    );
    expectError(query, 422, 'invalid_request');
    const long = await call(server, 'POST', `/conversations/${conversationId}/messages`, {
      token,
      body: { client_message_id: 'l', message: 'é'.repeat(2001) },
    });
    expectError(long, 422, 'invalid_request');
    expect(long.body.error.details[0].path).toBe('body.message');
    const atLimit = await call(server, 'POST', `/conversations/${conversationId}/messages`, {
      token,
      body: { client_message_id: 'k', message: '😀'.repeat(2000) },
    });
    expect(atLimit.status).toBe(202);
    expectError(
      await call(server, 'POST', '/tokens', {
        basic: ['acme-sbx', 's3cret'],
        body: { external_user_id: 'x'.repeat(256) },
      }),
      422,
      'invalid_request',
    );
  });
});

describe('429 and 503', () => {
  it('limits requests per minute, with RateLimit headers and Retry-After', async () => {
    const { token } = await newUserSession(server, {
      tenantOptions: { limits: { requests_per_minute: 5 } },
    });
    // Token issuance and conversation creation used 2 requests.
    for (let index = 0; index < 3; index++)
      expect((await call(server, 'GET', '/capabilities', { token })).status).toBe(200);
    const limited = await call(server, 'GET', '/capabilities', { token });
    expectError(limited, 429, 'rate_limit_exceeded');
    expect(limited.headers.get(HTTP_HEADERS.rateLimitRemaining)).toBe('0');
    time.advance(60_000);
    expect((await call(server, 'GET', '/capabilities', { token })).status).toBe(200);
  });

  it('limits concurrent turns and the daily quota, and not replays', async () => {
    const { token, conversationId } = await newUserSession(server, {
      tenantOptions: { limits: { concurrent_turns: 1, daily_messages: 2 } },
    });
    const path = `/conversations/${conversationId}/messages`;
    const first = await call(server, 'POST', path, {
      token,
      body: { client_message_id: 'c1', message: 'Hello' },
    });
    expect(first.status).toBe(202);
    expectError(
      await call(server, 'POST', path, {
        token,
        body: { client_message_id: 'c2', message: 'Hello' },
      }),
      429,
      'rate_limit_exceeded',
    );
    expect(
      (
        await call(server, 'POST', path, {
          token,
          body: { client_message_id: 'c1', message: 'Hello' },
        })
      ).status,
    ).toBe(202);
    await waitFor(
      async () =>
        (await call(server, 'GET', `/turns/${first.body.turn_id}`, { token })).body.status ===
        'completed',
    );
    expect(
      (
        await call(server, 'POST', path, {
          token,
          body: { client_message_id: 'c3', message: 'Hello' },
        })
      ).status,
    ).toBe(202);
    await waitFor(
      async () => (await call(server, 'GET', path, { token })).body.messages.length === 4,
    );
    const daily = await call(server, 'POST', path, {
      token,
      body: { client_message_id: 'c4', message: 'Hello' },
    });
    expectError(daily, 429, 'rate_limit_exceeded');
    expect(daily.body.error.message).toMatch(/daily/i);
  });

  it('answers 503 queue_unavailable beyond the queue capacity', async () => {
    const small = await startTestServer({ config: { ...TEST_CONFIG, queue: { capacity: 1 } } });
    try {
      const { token, conversationId } = await newUserSession(small);
      const path = `/conversations/${conversationId}/messages`;
      expect(
        (
          await call(small, 'POST', path, {
            token,
            body: { client_message_id: 'q1', message: 'Hi' },
          })
        ).status,
      ).toBe(202);
      expectError(
        await call(small, 'POST', path, {
          token,
          body: { client_message_id: 'q2', message: 'Hi' },
        }),
        503,
        'queue_unavailable',
      );
    } finally {
      await small.close();
    }
  });
});

function rawRequest(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

describe('transport edge cases', () => {
  it('answers a request Node cannot parse with the envelope', async () => {
    const answer = await rawRequest('GARBAGE / HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 422/);
    const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(errorEnvelopeSchema.parse(JSON.parse(json)).error.code).toBe('invalid_request');
  });

  it('refuses a body that is not UTF-8', async () => {
    const { token } = await newUserSession(server);
    const response = await fetch(`${server.url}${PATH_PREFIX}/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(response.status).toBe(422);
    expect(errorEnvelopeSchema.safeParse(await response.json()).success).toBe(true);
  });

  it('answers HEAD, OPTIONS and odd paths with an envelope, never 5xx', async () => {
    for (const [method, path] of [
      ['OPTIONS', '/capabilities'],
      ['GET', '/turns/%E0%A4%A'],
      ['GET', '/users/%'],
      ['POST', '/conversations/'],
    ]) {
      const response = await fetch(`${server.url}${PATH_PREFIX}${path}`, { method });
      expect(response.status).toBeLessThan(500);
      expect(errorEnvelopeSchema.safeParse(await response.json()).success).toBe(true);
    }
  });
});
