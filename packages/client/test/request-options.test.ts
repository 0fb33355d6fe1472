import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OperationName } from '@partner-assistant/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isPartnerApiError,
  isPartnerConfigurationError,
  isPartnerTimeoutError,
} from '../src/index.ts';
import {
  clientFor,
  failureOf,
  isMinimalProfile,
  until,
  useReferenceServer,
} from './support/reference-server.ts';

const env = useReferenceServer({ processingMs: 50 });

const journalOf = (operation: OperationName) =>
  env.server.control.journal.entries({ operation, tenant: env.tenant.clientId });

afterEach(() => {
  env.server.control.faults.clear({ tenant: env.tenant.clientId });
  env.server.control.journal.clear();
});

/** Hop-by-hop and length headers: the proxy's own connection sets them. */
const NOT_FORWARDED = /^(host|connection|content-length|transfer-encoding|content-encoding)$/;

/**
 * An HTTP proxy in front of the reference server that records the headers of every request as
 * they arrive on the wire.
 */
async function startRecordingProxy(target: string) {
  const seen: IncomingHttpHeaders[] = [];
  const proxy = createServer(async (req, res) => {
    seen.push(req.headers);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !NOT_FORWARDED.test(name)) headers.set(name, value);
    }
    const answer = await fetch(target + req.url, {
      method: req.method ?? 'GET',
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const answerHeaders = [...answer.headers].filter(([name]) => !NOT_FORWARDED.test(name));
    res.writeHead(answer.status, Object.fromEntries(answerHeaders));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => proxy.close(() => resolve()));
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

describe('per-call timeoutMs and maxRetries', () => {
  it('maxRetries of a call replaces the client setting, for that call only', async () => {
    const { client, waits } = clientFor(env.server, env.tenant, { maxRetries: 2 });
    const inject = (count: number) =>
      env.server.control.faults.injectErrors({
        count,
        code: 'queue_unavailable',
        retryAfterSeconds: 1,
        operation: 'getCapabilities',
        tenant: env.tenant.clientId,
      });
    inject(3);
    const error = await failureOf(client.capabilities.get({ maxRetries: 0 }));
    expect(isPartnerApiError(error, 'queue_unavailable')).toBe(true);
    expect(journalOf('getCapabilities').map((entry) => entry.status)).toEqual([503]);
    await client.capabilities.get({ maxRetries: 3 });
    expect(journalOf('getCapabilities').map((entry) => entry.status)).toEqual([503, 503, 503, 200]);
    // Two waits, of the Retry-After (or, where the server sends none, of the client's backoff).
    expect(waits).toHaveLength(2);
    if (!isMinimalProfile()) expect(waits).toEqual([1000, 1000]);
  });

  it('timeoutMs of a call bounds each of its attempts; other calls keep the client timeout', async () => {
    const { client } = clientFor(env.server, env.tenant);
    env.server.control.faults.setLatency({ ms: 250 }, { tenant: env.tenant.clientId });
    const error = await failureOf(client.capabilities.get({ timeoutMs: 50, maxRetries: 1 }));
    expect(isPartnerTimeoutError(error)).toBe(true);
    expect((error as Error).message).toContain('50');
    // The server answers both attempts after its latency, to a client that stopped waiting.
    await until(() => journalOf('getCapabilities').length === 2);
    const capabilities = await client.capabilities.get();
    expect(capabilities.api_version).toBe('v1');
  });

  it('refuses a malformed per-call option before sending anything', async () => {
    const { client } = clientFor(env.server, env.tenant);
    for (const options of [{ timeoutMs: 0 }, { maxRetries: -1 }, { maxRetries: 1.5 }]) {
      expect(isPartnerConfigurationError(await failureOf(client.capabilities.get(options)))).toBe(
        true,
      );
    }
    expect(journalOf('getCapabilities')).toEqual([]);
  });
});

describe('headers and defaultHeaders', () => {
  it('reach the wire, the call over the client whatever the case, the token untouched', async () => {
    const proxy = await startRecordingProxy(env.server.url);
    try {
      const { client, tokenCalls } = clientFor(env.server, env.tenant, {
        baseUrl: proxy.url,
        defaultHeaders: { 'X-App-Version': '4.2.0', 'X-Trace-Id': 'default' },
      });
      const { conversation_id } = await client.conversations.create();
      await client.messages.send(
        conversation_id,
        { message: 'Where do I vote?' },
        { headers: { 'x-trace-id': 'call-1', 'X-Feature': 'beta' } },
      );
      const [create, send] = proxy.seen;
      expect(create).toMatchObject({ 'x-app-version': '4.2.0', 'x-trace-id': 'default' });
      expect(create).not.toHaveProperty('x-feature');
      expect(send).toMatchObject({
        'x-app-version': '4.2.0',
        'x-trace-id': 'call-1',
        'x-feature': 'beta',
        'content-type': 'application/json',
        authorization: `Bearer ${tokenCalls[0]?.access_token}`,
      });
    } finally {
      await proxy.close();
    }
  });

  it("refuses the SDK's own headers: Authorization, Content-Type, Accept", async () => {
    expect(() =>
      clientFor(env.server, env.tenant, { defaultHeaders: { Authorization: 'Bearer other' } }),
    ).toThrow(/Authorization is set by the SDK/);
    const { client } = clientFor(env.server, env.tenant);
    for (const name of ['authorization', 'Content-Type', 'ACCEPT']) {
      const error = await failureOf(client.capabilities.get({ headers: { [name]: 'x' } }));
      expect(isPartnerConfigurationError(error)).toBe(true);
      expect((error as Error).message).toBe(`${name} is set by the SDK`);
    }
    expect(journalOf('getCapabilities')).toEqual([]);
  });
});

describe('withResponse()', () => {
  it('gives the body with status, request id and rate-limit headers; a plain await the body', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const { conversation_id } = await client.conversations.create();
    const input = { message: 'How do I renew my passport?', clientMessageId: crypto.randomUUID() };
    const { data, response } = await client.messages.send(conversation_id, input).withResponse();
    const [entry] = journalOf('sendMessage');
    expect(data).toMatchObject({ conversation_id, status: 'queued' });
    expect(response.status).toBe(entry?.status);
    if (isMinimalProfile()) {
      // A success carries X-Request-Id and RateLimit-* by our decision only: without them,
      // `requestId` is absent and the headers are what the server sent.
      expect(response.requestId).toBeUndefined();
      expect(response.headers.get('RateLimit-Limit')).toBeNull();
    } else {
      expect(response.requestId).toBe(entry?.requestId);
      expect(response.requestId).toBe(response.headers.get('X-Request-Id'));
      expect(Number(response.headers.get('RateLimit-Limit'))).toBe(10_000);
      expect(Number(response.headers.get('RateLimit-Remaining'))).toBeLessThan(10_000);
    }
    const replayed = await client.messages.send(conversation_id, input);
    expect(replayed.turn_id).toBe(data.turn_id);
  });

  it('on turns.wait (the last poll) and on the first page of messages.list', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, { message: 'Where do I vote?' });
    const ended = await client.turns.wait(turn.turn_id, { pollIntervalMs: 50 }).withResponse();
    expect(ended.data.status).toBe('completed');
    // The request id of a success is ours to send (absent from a spec-minimal server's answers).
    const requestIdOf = (operation: OperationName) =>
      isMinimalProfile() ? undefined : journalOf(operation).at(-1)?.requestId;
    expect(ended.response.status).toBe(200);
    expect(ended.response.requestId).toBe(requestIdOf('getTurn'));
    const { data: page, response } = await client.messages.list(conversation_id).withResponse();
    expect(page.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(response.status).toBe(200);
    expect(response.requestId).toBe(requestIdOf('listMessages'));
  });

  it('sends the request once, however it is read, and rejects with the typed error', async () => {
    const { client } = clientFor(env.server, env.tenant);
    const call = client.turns.get(crypto.randomUUID());
    const [plain, full] = await Promise.all([failureOf(call), failureOf(call.withResponse())]);
    expect(plain).toBe(full);
    expect(isPartnerApiError(plain, 'not_found')).toBe(true);
    expect(journalOf('getTurn')).toHaveLength(1);
    expect(call).toBeInstanceOf(Promise);
    await expect(client.capabilities.get().finally(() => {})).resolves.toHaveProperty('partner');
  });
});

describe('what fetch could never send, refused before any request', () => {
  it('a header with a line break or a bad name is a configuration error, not a retried network error', async () => {
    const { client, waits } = clientFor(env.server, env.tenant);
    const before = journalOf('getCapabilities').length;
    const unsendable: Record<string, string>[] = [
      { 'X-Trace': 'a\r\nX-Injected: 1' },
      { 'X Trace': 'a' },
    ];
    for (const headers of unsendable) {
      const failure = await failureOf(client.capabilities.get({ headers }));
      expect(isPartnerConfigurationError(failure), String(failure)).toBe(true);
    }
    expect(waits).toEqual([]);
    expect(journalOf('getCapabilities')).toHaveLength(before);
  });

  it('an id of "." or ".." never reaches another path, even with input checks off', async () => {
    const { client } = clientFor(env.server, env.tenant, { validateInput: false });
    // Refused as every bad input is: thrown before anything is sent.
    const refusal = (call: () => unknown) => failureOf(Promise.resolve().then(call));
    const before = env.server.control.journal.entries({ tenant: env.tenant.clientId }).length;
    for (const id of ['.', '..', '']) {
      const failure = await refusal(() => client.turns.get(id));
      expect((failure as Error).name, String(failure)).toBe('PartnerValidationError');
      expect((failure as Error).message).toContain('turnId');
    }
    const rename = await refusal(() => client.conversations.rename('..', { title: 'x' }));
    expect((rename as Error).message).toContain('conversationId');
    expect(env.server.control.journal.entries({ tenant: env.tenant.clientId })).toHaveLength(
      before,
    );
  });
});
