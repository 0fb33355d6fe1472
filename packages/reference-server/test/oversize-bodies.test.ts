import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { PATH_PREFIX } from '@partner-assistant/contract';
import { Agent as UndiciAgent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReferenceServer, startReferenceServer } from '../src/index.ts';
import { newUserSession, startTestServer, type UserSession } from './support/test-server.ts';

const MiB = 1024 * 1024;
const SIZES = [1 * MiB, 8 * MiB];

let server: RunningReferenceServer;
let session: UserSession;
beforeAll(async () => {
  server = await startTestServer();
  session = await newUserSession(server);
});
afterAll(() => server.close());

/** A JSON body of `size` bytes (one long title). */
function oversizeBody(size: number): string {
  return JSON.stringify({ title: 'x'.repeat(size - 12) });
}

/** The two operations whose bodies partners send: a rename and a message. */
const targets = () => [
  { method: 'PATCH', path: `${PATH_PREFIX}/conversations/${session.conversationId}` },
  { method: 'POST', path: `${PATH_PREFIX}/conversations/${session.conversationId}/messages` },
];

function expectTooLarge(status: number, body: string) {
  expect(status).toBe(413);
  const envelope = JSON.parse(body);
  expect(envelope.error.code).toBe('payload_too_large');
  expect(envelope.error.request_id).toEqual(expect.any(String));
}

interface NodeAnswer {
  status: number;
  body: string;
  reusedSocket: boolean;
}

function nodeCall(agent: HttpAgent | false, method: string, path: string, body?: string) {
  return new Promise<NodeAnswer>((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/json',
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, reusedSocket: req.reusedSocket }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a body over 64 KiB gets the 413 envelope, never a reset', () => {
  for (const size of SIZES) {
    const label = `${size / MiB} MiB`;

    it(`node:http, ${label}, fresh connections`, async () => {
      for (const { method, path } of targets()) {
        const answer = await nodeCall(false, method, path, oversizeBody(size));
        expectTooLarge(answer.status, answer.body);
      }
    });

    it(`node:http, ${label}, one keep-alive connection that stays usable`, async () => {
      const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const { method, path } of targets()) {
          const answer = await nodeCall(agent, method, path, oversizeBody(size));
          expectTooLarge(answer.status, answer.body);
          const next = await nodeCall(agent, 'GET', `${PATH_PREFIX}/capabilities`);
          expect(next.status).toBe(200);
          expect(next.reusedSocket).toBe(true);
        }
      } finally {
        agent.destroy();
      }
    });

    it(`fetch (undici), ${label}, keep-alive and fresh connections`, async () => {
      const keepAlive = new UndiciAgent({ connections: 1 });
      try {
        for (const { method, path } of targets()) {
          for (const dispatcher of [keepAlive, new UndiciAgent({ connections: 1 })]) {
            const response = await undiciFetch(`${server.url}${path}`, {
              method,
              dispatcher,
              headers: {
                authorization: `Bearer ${session.token}`,
                'content-type': 'application/json',
              },
              body: oversizeBody(size),
            });
            expectTooLarge(response.status, await response.text());
            if (dispatcher !== keepAlive) await dispatcher.close();
          }
          const next = await undiciFetch(`${server.url}${PATH_PREFIX}/capabilities`, {
            dispatcher: keepAlive,
            headers: { authorization: `Bearer ${session.token}` },
          });
          expect(next.status).toBe(200);
          await next.arrayBuffer();
        }
      } finally {
        await keepAlive.close();
      }
    });
  }

  it('global fetch, 8 MiB, streamed without a length', async () => {
    const chunk = new Uint8Array(MiB).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}${targets()[1]!.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectTooLarge(response.status, await response.text());
  });

  it('admin API, 8 MiB: the same envelope', async () => {
    const admin = await startReferenceServer({ port: 0, host: '127.0.0.1', admin: true });
    try {
      const response = await fetch(`${admin.url}/__admin/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: oversizeBody(8 * MiB),
      });
      expectTooLarge(response.status, await response.text());
    } finally {
      await admin.close();
    }
  });
});
