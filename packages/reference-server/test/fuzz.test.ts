import {
  errorEnvelopeSchema,
  HTTP_HEADERS,
  PATH_PREFIX,
  serverEventSchema,
} from '@partner-assistant/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import {
  newUserSession,
  openSocket,
  startTestServer,
  type UserSession,
  waitFor,
} from './support/test-server.ts';

let server: RunningReferenceServer;
let session: UserSession;
beforeAll(async () => {
  server = await startTestServer();
  session = await newUserSession(server, {
    tenantOptions: {
      limits: { requests_per_minute: 1_000_000, daily_messages: 1_000_000, concurrent_turns: 1000 },
    },
  });
});
afterAll(() => server.close());

const pathArbitrary = fc.oneof(
  fc.constantFrom(
    '/tokens',
    '/conversations',
    '/capabilities',
    '/turns/',
    '/messages/',
    '/users/',
    '/conversations/',
  ),
  fc
    .tuple(
      fc.constantFrom('/conversations/', '/turns/', '/messages/', '/users/'),
      fc.oneof(fc.uuid(), fc.string()),
      fc.constantFrom('', '/messages', '/feedback', '/x'),
    )
    .map(([prefix, id, suffix]) => `${prefix}${encodeURIComponent(id)}${suffix}`),
  fc.webPath(),
);

const bodyArbitrary = fc.oneof(
  fc.constant(undefined),
  fc.string(),
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        client_message_id: fc.oneof(fc.string(), fc.uuid()),
        message: fc.string(),
        title: fc.oneof(fc.string(), fc.integer()),
        conversation_id: fc.oneof(fc.uuid(), fc.string()),
        rating: fc.constantFrom('up', 'down', 'meh'),
        external_user_id: fc.string(),
        location: fc.object(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);

const requestArbitrary = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'),
  path: pathArbitrary,
  query: fc.oneof(
    fc.constant(''),
    fc.string().map((text) => `?${text}`),
    fc.constant('?limit=-1&offset=x'),
    fc.constant('?limit=1&limit=2'),
  ),
  auth: fc.constantFrom('none', 'bearer', 'basic', 'garbage'),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/json; charset=utf-8',
    undefined,
  ),
  body: bodyArbitrary,
});

describe('property: malformed REST requests', () => {
  // 1,500 real requests: seconds on a quiet machine, many more on a busy one.
  it('never answers 5xx, always the envelope on errors, and the server stays up', {
    timeout: 90_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        const headers: Record<string, string> = {};
        if (request.auth === 'bearer') headers.authorization = `Bearer ${session.token}`;
        if (request.auth === 'basic')
          headers.authorization = `Basic ${Buffer.from(`${session.tenant.clientId}:${session.tenant.clientSecret}`).toString('base64')}`;
        if (request.auth === 'garbage') headers.authorization = 'Bearer';
        if (request.contentType && request.body !== undefined)
          headers['content-type'] = request.contentType;
        const hasBody = request.body !== undefined && request.method !== 'GET';
        const response = await fetch(`${server.url}${PATH_PREFIX}${request.path}${request.query}`, {
          method: request.method,
          headers,
          ...(hasBody ? { body: request.body } : {}),
        });
        expect(response.status).toBeLessThan(500);
        const text = await response.text();
        expect(response.headers.get(HTTP_HEADERS.requestId)).toMatch(/^[0-9a-f-]{36}$/);
        if (response.status >= 400) {
          const envelope = errorEnvelopeSchema.parse(JSON.parse(text));
          expect(envelope.error.request_id).toBe(response.headers.get(HTTP_HEADERS.requestId));
        }
      }),
      { numRuns: 1500 },
    );
    expect(
      (
        await fetch(`${server.url}${PATH_PREFIX}/capabilities`, {
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).status,
    ).toBe(200);
  });
});

describe('property: malformed WebSocket frames', () => {
  it('answers every frame with a valid event and keeps the socket open', {
    timeout: 90_000,
  }, async () => {
    const recording = openSocket(server, { token: session.token });
    await recording.opened;
    const frameArbitrary = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record(
          {
            type: fc.constantFrom('user.message', 'turn.subscribe', 'ping', 'nope', 1),
            conversation_id: fc.oneof(fc.uuid(), fc.constant(session.conversationId), fc.string()),
            client_message_id: fc.oneof(fc.string(), fc.uuid()),
            message: fc.string(),
            turn_id: fc.oneof(fc.uuid(), fc.string()),
            id: fc.string(),
            location: fc.object(),
          },
          { requiredKeys: ['type'] },
        )
        .map((frame) => JSON.stringify(frame)),
    );
    const frames = fc.sample(frameArbitrary, { numRuns: 1500, seed: 42 });
    for (const frame of frames) recording.send(frame);
    recording.send({ type: 'ping', id: 'last' });
    await waitFor(
      () => recording.events.some((event) => event.type === 'pong' && event.id === 'last'),
      10_000,
    );
    expect(recording.closeCode).toBeUndefined();
    for (const event of recording.events)
      expect(serverEventSchema.safeParse(event).success).toBe(true);
    const rejected = recording.events.filter((event) => event.type === 'frame.rejected');
    expect(rejected.every((event) => event.error.code !== 'internal_error')).toBe(true);
    recording.socket.close();
  });
});
