import { request } from 'node:http';
import { PATH_PREFIX } from '@partner-assistant/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '../packages/reference-server/src/index.ts';
import { TEST_CONFIG } from '../packages/reference-server/test/support/test-server.ts';
import { openApiDocument, restProblems } from './support/document-validator.ts';
import type { RecordedExchange } from './support/recording-api.ts';

// What a tool that reads only docs/openapi.json (Portman, Dredd, a response validator) sends to
// every operation, built from the document itself: its path parameter examples, a query
// parameter the operation does not define, a body over 64 KiB (also where the operation takes
// none), no credentials, an injected 429, and HEAD on every GET path. Every answer must be
// declared, its headers included.

interface Operation {
  method: string;
  template: string;
  auth: 'basic' | 'bearer';
}

const OPERATIONS_OF_DOCUMENT: Operation[] = Object.entries(
  openApiDocument.paths as Record<string, Record<string, { security: object[] }>>,
).flatMap(([template, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    method: method.toUpperCase(),
    template: template.slice(PATH_PREFIX.length),
    auth: 'applicationCredentials' in operation.security[0]! ? 'basic' : 'bearer',
  })),
);

/** The operation's path with the document's example of each path parameter. */
function examplePath(operation: Operation): string {
  const method = openApiDocument.paths[`${PATH_PREFIX}${operation.template}`][
    operation.method.toLowerCase()
  ] as { parameters?: Array<{ name: string; in: string; example: string }> };
  return (method.parameters ?? [])
    .filter((parameter) => parameter.in === 'path')
    .reduce(
      (path, parameter) =>
        path.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example)),
      operation.template,
    );
}

let server: RunningReferenceServer;
let basic: string;
let bearer: string;

/**
 * Sends one request over node:http, which (unlike fetch) lets a GET carry a body, on a connection
 * of its own: a pooled one the server closed after its keep-alive timeout would reset the next.
 */
function send(
  method: string,
  path: string,
  authorization: string | undefined,
  body?: string,
): Promise<RecordedExchange> {
  const url = new URL(`${server.url}${PATH_PREFIX}${path}`);
  const headers: Record<string, string> = {
    ...(authorization ? { authorization } : {}),
    ...(body === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          method,
          path: path.split('?')[0]!,
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: text ? JSON.parse(text) : undefined,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const credentialsOf = (operation: Operation) => (operation.auth === 'basic' ? basic : bearer);
const bodyOf = (operation: Operation) => (operation.method === 'POST' ? '{}' : undefined);

beforeAll(async () => {
  server = await startReferenceServer({ config: TEST_CONFIG, port: 0, host: '127.0.0.1' });
  const tenant = server.control.tenants.create({ limits: { requests_per_minute: 1000 } });
  basic = `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`;
  const issued = await send('POST', '/tokens', basic, '{"external_user_id":"document-reader"}');
  bearer = `Bearer ${(issued.body as { access_token: string }).access_token}`;
});
afterAll(() => server.close());

const describeOf = (exchange: RecordedExchange) =>
  `${exchange.method} ${exchange.path} ${exchange.status}`;
const problemsOf = (exchanges: RecordedExchange[]) =>
  exchanges.flatMap((exchange) =>
    restProblems(exchange).map((problem) => `${describeOf(exchange)}: ${problem}`),
  );

describe.each(OPERATIONS_OF_DOCUMENT)('$method $template, as the document describes it', (op) => {
  it('declares every answer a tool built from the document gets, with its headers', async () => {
    const path = examplePath(op);
    const exchanges = [
      await send(op.method, path, credentialsOf(op), bodyOf(op)),
      await send(op.method, `${path}?x=1`, credentialsOf(op), bodyOf(op)),
      await send(op.method, path, credentialsOf(op), `"${'x'.repeat(70_000)}"`),
      await send(op.method, path, undefined, bodyOf(op)),
    ];
    expect(exchanges.slice(1).map((exchange) => exchange.status)).toEqual([422, 413, 401]);
    server.control.faults.injectErrors({ count: 1, code: 'rate_limit_exceeded' });
    const limited = await send(op.method, path, credentialsOf(op), bodyOf(op));
    expect(limited.status).toBe(429);
    expect(problemsOf([...exchanges, limited])).toEqual([]);
  });
});

describe.each(OPERATIONS_OF_DOCUMENT.filter((op) => op.method === 'GET'))(
  'HEAD $template',
  (op) => {
    it('answers as the document declares GET, without the body', async () => {
      const path = examplePath(op);
      const get = await send('GET', path, credentialsOf(op));
      const head = await send('HEAD', path, credentialsOf(op));
      expect([head.status, head.body]).toEqual([get.status, undefined]);
      expect(problemsOf([{ ...head, method: 'GET', body: get.body }])).toEqual([]);
    });
  },
);

describe('random requests to the document`s operations', () => {
  it('get only declared answers, whatever their query string and body', async () => {
    const query = fc.oneof(
      fc.constant(''),
      fc.constantFrom('?limit=2', '?limit=-1', '?offset=1e3', '?limit=1&limit=2', '?x='),
      fc.webQueryParameters().map((text) => `?${text}`),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.constantFrom('{"title":', '{"message":"hi","client_message_id":"c-1"}'),
    );
    const exchanges: RecordedExchange[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS_OF_DOCUMENT),
        query,
        body,
        async (op, q, b) => {
          exchanges.push(await send(op.method, `${examplePath(op)}${q}`, credentialsOf(op), b));
        },
      ),
      { numRuns: 80, seed: 20_261_126 },
    );
    expect(problemsOf(exchanges)).toEqual([]);
  });
});

describe('answers the document declares for one operation only', () => {
  it('an injected 503 on a message carries Retry-After; Idempotent-Replayed only on replays', async () => {
    const created = await send('POST', '/conversations', bearer, '{}');
    const id = (created.body as { conversation_id: string }).conversation_id;
    const message = '{"client_message_id":"m-1","message":"Passport renewal?"}';
    server.control.faults.injectErrors({ count: 1, code: 'queue_unavailable' });
    const busy = await send('POST', `/conversations/${id}/messages`, bearer, message);
    const first = await send('POST', `/conversations/${id}/messages`, bearer, message);
    const replay = await send('POST', `/conversations/${id}/messages`, bearer, message);
    expect([busy.status, busy.headers['retry-after']]).toEqual([503, '1']);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(problemsOf([created, busy, first, replay])).toEqual([]);
  });

  it('would catch an undeclared status or header', async () => {
    const answer = await send('GET', '/capabilities', bearer);
    expect(restProblems({ ...answer, status: 409 })).not.toEqual([]);
    expect(restProblems({ ...answer, headers: { ...answer.headers, 'x-debug': '1' } })).not.toEqual(
      [],
    );
    const refused = await send('GET', '/capabilities', undefined);
    const { 'www-authenticate': _, ...withoutChallenge } = refused.headers;
    expect(restProblems({ ...refused, headers: withoutChallenge })).toContain(
      'required header www-authenticate missing',
    );
  });
});
