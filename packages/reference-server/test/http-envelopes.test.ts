import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { errorEnvelopeSchema, WEBSOCKET_PATH } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { startTestServer } from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `lines` as one request over a raw TCP socket and reads the first answer. */
function rawExchange(lines: string[], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`),
    );
    let text = '';
    const done = () => {
      socket.destroy();
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      text += chunk;
      const split = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
      if (split >= 0 && text.length - split - 4 >= length) done();
    });
    socket.on('close', done);
    socket.on('error', reject);
  });
}

/** Every error answer: the envelope, its request id in X-Request-Id, no-store and CORS. */
function expectEnvelope(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  const envelope = errorEnvelopeSchema.parse(JSON.parse(answer.body));
  expect(envelope.error.code).toBe(code);
  expect(answer.headers.get('x-request-id')).toBe(envelope.error.request_id);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(answer.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
}

const capabilities = 'GET /api/partners/v1/capabilities HTTP/1.1';

describe('answers of HTTP itself, over raw TCP', () => {
  it('keeps a connection open across requests with no body, answered as they arrive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    for (const path of ['/capabilities', '/capabilities', '/tokens', '/capabilities']) {
      const answer = await new Promise<{ connection?: string | undefined }>((resolve, reject) => {
        const request = httpRequest(
          { agent, port: server.port, host: '127.0.0.1', path: `/api/partners/v1${path}` },
          (response) => {
            ports.add(request.socket?.localPort ?? 0);
            response.resume();
            response.on('end', () => resolve({ connection: response.headers.connection }));
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(answer.connection).toBe('keep-alive');
    }
    agent.destroy();
    expect(ports.size).toBe(1);
  });

  it('answers an HTTP/1.1 request without Host with the envelope (422), not a bare 400', async () => {
    const answer = await rawExchange([capabilities, 'Connection: close']);
    expectEnvelope(answer, 422, 'invalid_request');
    expect(JSON.parse(answer.body).error.details).toEqual([
      { path: 'headers.host', message: 'An HTTP/1.1 request must carry a Host header' },
    ]);
    // HTTP/1.0 has no Host requirement: it goes on to authentication.
    const legacy = await rawExchange(['GET /api/partners/v1/capabilities HTTP/1.0']);
    expectEnvelope(legacy, 401, 'unauthorized');
  });

  it('answers an unknown Expect with the envelope (422), not a bare 417', async () => {
    const answer = await rawExchange([
      capabilities,
      'Host: x',
      'Expect: teapot',
      'Connection: close',
    ]);
    expectEnvelope(answer, 422, 'invalid_request');
    expect(JSON.parse(answer.body).error.details[0].path).toBe('headers.expect');
  });

  it('refuses an announced body over 64 KiB before it is sent (no 100 Continue)', async () => {
    const answer = await rawExchange([
      'POST /api/partners/v1/conversations HTTP/1.1',
      'Host: x',
      'Content-Type: application/json',
      'Content-Length: 70000',
      'Expect: 100-continue',
    ]);
    expectEnvelope(answer, 413, 'payload_too_large');
  });

  it('answers 100 Continue to an acceptable body, then the usual answer', async () => {
    const answer = await rawExchange(
      [
        'POST /api/partners/v1/conversations HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        'Content-Length: 2',
        'Expect: 100-continue',
      ],
      '{}',
    );
    expect(answer.status).toBe(100);
    // The body was read and the request went on to authentication.
    expect(answer.body).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('answers requests to the channel path that are not handshakes: 422, or 405 with Allow', async () => {
    const plainGet = await rawExchange([`GET ${WEBSOCKET_PATH} HTTP/1.1`, 'Host: x']);
    expectEnvelope(plainGet, 422, 'invalid_request');
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const answer = await rawExchange([
        `${method} ${WEBSOCKET_PATH} HTTP/1.1`,
        'Host: x',
        'Content-Length: 0',
      ]);
      expectEnvelope(answer, 405, 'method_not_allowed');
      expect(answer.headers.get('allow')).toBe('GET');
    }
  });

  it('answers malformed HTTP and refused upgrades written straight to the socket with the same headers', async () => {
    expectEnvelope(await rawExchange(['GARBAGE / HTTP/1.1']), 422, 'invalid_request');
    const refusedUpgrade = await rawExchange([
      `GET ${WEBSOCKET_PATH} HTTP/1.1`,
      'Host: x',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Key: short',
      'Sec-WebSocket-Version: 13',
    ]);
    expectEnvelope(refusedUpgrade, 422, 'invalid_request');
    const wrongMethod = await rawExchange([
      `POST ${WEBSOCKET_PATH} HTTP/1.1`,
      'Host: x',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
    ]);
    expectEnvelope(wrongMethod, 405, 'method_not_allowed');
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });
});
