import { connect } from 'node:net';
import {
  CLOSE_CODES,
  errorEnvelopeSchema,
  serverEventSchema,
  WEBSOCKET_SUBPROTOCOL,
} from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import {
  call,
  newUserSession,
  openSocket,
  type RecordingSocket,
  startTestServer,
  TEST_CONFIG,
  waitFor,
} from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: events are checked with the contract schema.
function eventsOf(recording: RecordingSocket, turnId: string): any[] {
  return recording.events.filter(
    (event) => event.turn_id === turnId && event.type !== 'frame.rejected',
  );
}

function ended(recording: RecordingSocket, turnId: string): boolean {
  return eventsOf(recording, turnId).some(
    (event) =>
      event.type === 'assistant.completed' ||
      event.type === 'assistant.error' ||
      (event.type === 'turn.snapshot' && ['completed', 'failed'].includes(event.turn.status)),
  );
}

describe('WebSocket authentication', () => {
  it('selects service.partner.v1 and accepts the token as the second sub-protocol', async () => {
    const { token } = await newUserSession(server);
    const recording = openSocket(server, { token });
    await recording.opened;
    expect(recording.socket.protocol).toBe(WEBSOCKET_SUBPROTOCOL);
    recording.send({ type: 'ping', id: 'p1' });
    recording.send({ type: 'ping' });
    await waitFor(() => recording.events.length === 2);
    expect(recording.events).toEqual([{ type: 'pong', id: 'p1' }, { type: 'pong' }]);
    recording.socket.close();
  });

  it('closes with 4400, 4401 and 4403 as decided', async () => {
    const { token } = await newUserSession(server);
    const cases: Array<[Parameters<typeof openSocket>[1], number]> = [
      [{ protocols: [] }, CLOSE_CODES.invalidRequest],
      [{ protocols: [token, WEBSOCKET_SUBPROTOCOL] }, CLOSE_CODES.invalidRequest],
      [
        {
          protocols: [WEBSOCKET_SUBPROTOCOL, token],
          path: `/api/partners/v1/chat?access_token=${token}`,
        },
        CLOSE_CODES.invalidRequest,
      ],
      [{ protocols: [WEBSOCKET_SUBPROTOCOL] }, CLOSE_CODES.unauthorized],
      [{ protocols: [WEBSOCKET_SUBPROTOCOL, 'pat_invalid'] }, CLOSE_CODES.unauthorized],
    ];
    for (const [options, code] of cases)
      expect(await openSocket(server, options).closed).toBe(code);
    const readOnly = server.control.tenants.create({ scopes: ['feedback:write'] });
    const issued = await call(server, 'POST', '/tokens', {
      basic: [readOnly.clientId, readOnly.clientSecret],
      body: { external_user_id: 'x' },
    });
    expect(await openSocket(server, { token: issued.body.access_token }).closed).toBe(
      CLOSE_CODES.insufficientScope,
    );
  });

  it('closes with 4429 when the application is over its request rate', async () => {
    const { token } = await newUserSession(server, {
      tenantOptions: { limits: { requests_per_minute: 3 } },
    });
    const first = openSocket(server, { token });
    await first.opened;
    expect(await openSocket(server, { token }).closed).toBe(CLOSE_CODES.rateLimited);
    first.send({ type: 'turn.subscribe', turn_id: crypto.randomUUID() });
    await waitFor(() => first.events.length === 1);
    expect(first.events[0].error.code).toBe('rate_limit_exceeded');
    first.socket.close();
  });

  it('refuses malformed handshakes with the error envelope', async () => {
    const key = 'dGhlIHNhbXBsZSBub25jZQ==';
    const handshake = (lines: string[]) =>
      new Promise<string>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () =>
          socket.write(`${lines.join('\r\n')}\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
      });
    const base = ['Host: localhost', 'Connection: Upgrade', 'Upgrade: websocket'];
    const cases: Array<[string[], number]> = [
      [
        [
          'GET /api/partners/v1/chat HTTP/1.1',
          ...base,
          'Sec-WebSocket-Key: short',
          'Sec-WebSocket-Version: 13',
        ],
        422,
      ],
      [
        [
          'GET /api/partners/v1/chat HTTP/1.1',
          ...base,
          `Sec-WebSocket-Key: ${key}`,
          'Sec-WebSocket-Version: 99',
        ],
        422,
      ],
      [
        [
          'GET /api/partners/v1/chat HTTP/1.1',
          ...base,
          `Sec-WebSocket-Key: ${key}`,
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Protocol: a, a',
        ],
        422,
      ],
      [
        [
          'POST /api/partners/v1/chat HTTP/1.1',
          ...base,
          `Sec-WebSocket-Key: ${key}`,
          'Sec-WebSocket-Version: 13',
        ],
        405,
      ],
      [
        ['GET /else HTTP/1.1', ...base, `Sec-WebSocket-Key: ${key}`, 'Sec-WebSocket-Version: 13'],
        404,
      ],
    ];
    for (const [lines, status] of cases) {
      const answer = await handshake(lines);
      expect(answer.startsWith(`HTTP/1.1 ${status}`)).toBe(true);
      const envelope = errorEnvelopeSchema.parse(
        JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)),
      );
      expect(answer).toContain(`X-Request-Id: ${envelope.error.request_id}`);
    }
  });

  it('refuses an offer without service.partner.v1 before the upgrade, never echoing it', async () => {
    const { token } = await newUserSession(server);
    for (const protocols of [[token], ['other.protocol', token]]) {
      const recording = openSocket(server, { protocols });
      await expect(recording.opened).rejects.toThrow(/422/);
    }
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write(
          [
            'GET /api/partners/v1/chat HTTP/1.1',
            'Host: localhost',
            'Connection: Upgrade',
            'Upgrade: websocket',
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
            'Sec-WebSocket-Version: 13',
            `Sec-WebSocket-Protocol: ${token}`,
            '\r\n',
          ].join('\r\n'),
        ),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer.startsWith('HTTP/1.1 422')).toBe(true);
    expect(answer).not.toContain(token);
    expect(answer.toLowerCase()).not.toContain('sec-websocket-protocol:');
  });

  it('refuses upgrades on other paths', async () => {
    const recording = openSocket(server, {
      path: '/elsewhere',
      protocols: [WEBSOCKET_SUBPROTOCOL],
    });
    await expect(recording.opened).rejects.toThrow(/404/);
  });

  it('closes with 4401 when the token expires or its user is erased', async () => {
    const expiring = await newUserSession(server, { tenantOptions: { tokenTtlSeconds: 1 } });
    const first = openSocket(server, { token: expiring.token });
    const erased = await newUserSession(server, { externalUserId: 'to-erase' });
    const second = openSocket(server, { token: erased.token });
    await second.opened;
    await call(server, 'DELETE', '/users/to-erase', {
      basic: [erased.tenant.clientId, erased.tenant.clientSecret],
    });
    expect(await second.closed).toBe(CLOSE_CODES.unauthorized);
    expect(await first.closed).toBe(CLOSE_CODES.unauthorized);
  });
});

describe('WebSocket turns', () => {
  it('streams accepted, running, status, deltas and completed with gapless seq; content = deltas', async () => {
    const { token, conversationId } = await newUserSession(server, { locale: 'en-GB' });
    const recording = openSocket(server, { token });
    await recording.opened;
    const frames = [
      'How do I renew my passport?',
      'Any market this weekend?',
      'Hi [simulate:error]',
    ];
    for (const [index, message] of frames.entries()) {
      recording.send({
        type: 'user.message',
        conversation_id: conversationId,
        client_message_id: `ws-${index}`,
        message,
        location: { city: 'Lyon', latitude: 45.76, longitude: 4.83 },
      });
    }
    await waitFor(
      () =>
        recording.events.filter(
          (e) => e.type === 'assistant.completed' || e.type === 'assistant.error',
        ).length === 3,
    );
    for (const event of recording.events)
      expect(serverEventSchema.safeParse(event).success).toBe(true);
    const turnIds = [...new Set(recording.events.map((event) => event.turn_id))];
    expect(turnIds).toHaveLength(3);
    for (const turnId of turnIds) {
      const events = eventsOf(recording, turnId);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
      expect(events[0].type).toBe('turn.accepted');
      expect(events[0].turn.status).toBe('queued');
      expect(events[1].type).toBe('turn.running');
      const last = events.at(-1);
      if (last.type === 'assistant.completed') {
        const text = events
          .filter((event) => event.type === 'assistant.delta')
          .map((event) => event.text)
          .join('');
        expect(
          events.filter((event) => event.type === 'assistant.delta').length,
        ).toBeGreaterThanOrEqual(3);
        expect(last.message.content).toBe(text);
        expect(
          last.message.visualizations.some((viz: { type: string }) => viz.type === 'map'),
        ).toBe(true);
      } else {
        expect(last.error.code).toBe('processing_failed');
      }
    }
    recording.socket.close();
  });

  it('resumes a turn after reconnecting without losing or repeating text', async () => {
    const slow = await startTestServer({
      config: { ...TEST_CONFIG, assistant: { processing_ms: 900 } },
    });
    const { token, conversationId } = await newUserSession(slow);
    const first = openSocket(slow, { token });
    await first.opened;
    const frame = {
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: 'resume',
      message: 'How do I renew my passport?',
    };
    first.send(frame);
    await waitFor(() => first.events.some((event) => event.type === 'assistant.delta'));
    first.socket.terminate();
    const streamed = first.events
      .filter((event) => event.type === 'assistant.delta')
      .map((event) => event.text)
      .join('');
    // biome-ignore lint/suspicious/noExplicitAny: events are checked with the contract schema.
    const snapshots: any[] = [];
    for (const resume of [frame, { type: 'turn.subscribe', turn_id: first.events[0].turn_id }]) {
      const second = openSocket(slow, { token });
      await second.opened;
      second.send(resume);
      await waitFor(() => ended(second, first.events[0].turn_id));
      const [snapshot, ...later] = second.events;
      snapshots.push(snapshot);
      expect(snapshot.type).toBe('turn.snapshot');
      expect(snapshot.content.startsWith(streamed) || streamed.startsWith(snapshot.content)).toBe(
        true,
      );
      expect(later.map((event) => event.seq)).toEqual(
        later.map((_, index) => snapshot.seq + index + 1),
      );
      const rebuilt =
        snapshot.content +
        later
          .filter((event) => event.type === 'assistant.delta')
          .map((event) => event.text)
          .join('');
      const final = later.at(-1) ?? snapshot;
      expect(rebuilt).toBe(
        final.type === 'assistant.completed'
          ? final.message.content
          : final.turn.assistant_message.content,
      );
      second.socket.close();
    }
    expect(snapshots[0].turn.status).toBe('running');
    await slow.close();
  });

  it('follows a REST turn after turn.subscribe; snapshot of an ended turn is final', async () => {
    const { token, conversationId } = await newUserSession(server);
    const sent = await call(server, 'POST', `/conversations/${conversationId}/messages`, {
      token,
      body: { client_message_id: 'r', message: 'Hello' },
    });
    const recording = openSocket(server, { token });
    await recording.opened;
    recording.send({ type: 'turn.subscribe', turn_id: sent.body.turn_id });
    await waitFor(() => ended(recording, sent.body.turn_id));
    recording.send({ type: 'turn.subscribe', turn_id: sent.body.turn_id });
    await waitFor(
      () => recording.events.filter((event) => event.type === 'turn.snapshot').length === 2,
    );
    const final = recording.events.at(-1);
    expect(final.turn.status).toBe('completed');
    // The snapshot of an ended turn is where its stream ended: last seq, whole text, last label.
    const streamed = recording.events.filter(
      (event) => event.turn_id === sent.body.turn_id && event.type !== 'turn.snapshot',
    );
    const completed = streamed.find((event) => event.type === 'assistant.completed');
    expect(final.seq).toBe(completed.seq);
    expect(final.content).toBe(completed.message.content);
    expect(final.content).toBe(final.turn.assistant_message.content);
    // The last label: streamed after the first subscribe, or already in its snapshot when the
    // turn had passed its status steps by then.
    const labels = [
      recording.events.find((event) => event.type === 'turn.snapshot').label,
      ...streamed.filter((event) => event.type === 'assistant.status').map((e) => e.label),
    ];
    expect(final.label).toBe(labels.at(-1));
    recording.socket.close();
  });

  it('rejects bad frames with frame.rejected and keeps the socket open', async () => {
    const { token, conversationId, tenant } = await newUserSession(server);
    const other = await newUserSession(server);
    const recording = openSocket(server, { token });
    await recording.opened;
    recording.send('{not json');
    recording.send({ type: 'unknown.type' });
    recording.send({ type: 'turn.subscribe', turn_id: crypto.randomUUID() });
    recording.send({
      type: 'user.message',
      conversation_id: other.conversationId,
      client_message_id: 'x1',
      message: 'Hi',
    });
    recording.send({
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: 'x2',
      message: 'Hi',
    });
    recording.send({
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: 'x2',
      message: 'Different',
    });
    recording.socket.send(Buffer.from([1, 2, 3]));
    await waitFor(
      () => recording.events.filter((event) => event.type === 'frame.rejected').length === 6,
    );
    const rejected = recording.events.filter((event) => event.type === 'frame.rejected');
    expect(rejected.map((event) => event.error.code)).toEqual([
      'invalid_request',
      'invalid_request',
      'not_found',
      'not_found',
      'idempotency_conflict',
      'invalid_request',
    ]);
    expect(rejected[4].client_message_id).toBe('x2');
    const readOnly = server.control.tenants.create({ scopes: ['chat:read'] });
    const issued = await call(server, 'POST', '/tokens', {
      basic: [readOnly.clientId, readOnly.clientSecret],
      body: { external_user_id: 'ro' },
    });
    const reader = openSocket(server, { token: issued.body.access_token });
    await reader.opened;
    reader.send({
      type: 'user.message',
      conversation_id: conversationId,
      client_message_id: 'y',
      message: 'Hi',
    });
    await waitFor(() => reader.events.length === 1);
    expect(reader.events[0].error.code).toBe('insufficient_scope');
    expect(tenant.clientId).toBeTruthy();
    recording.socket.close();
    reader.socket.close();
  });

  it('closes with 1009 on a frame over 64 KiB', async () => {
    const { token } = await newUserSession(server);
    const recording = openSocket(server, { token });
    await recording.opened;
    recording.send({ type: 'ping', id: 'x'.repeat(70_000) });
    expect(await recording.closed).toBe(CLOSE_CODES.messageTooBig);
  });

  it('closes sockets with 1001 on shutdown', async () => {
    const own = await startTestServer();
    const { token } = await newUserSession(own);
    const recording = openSocket(own, { token });
    await recording.opened;
    await own.close();
    expect(await recording.closed).toBe(CLOSE_CODES.goingAway);
  });
});
