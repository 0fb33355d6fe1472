import type { OperationName } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import {
  isPartnerApiError,
  isPartnerTokenProviderError,
  PartnerAssistantClient,
} from '../src/index.ts';
import {
  clientFor,
  failureOf,
  isMinimalProfile,
  issueToken,
  useReferenceServer,
} from './support/reference-server.ts';

const env = useReferenceServer();

const journalOf = (operation: OperationName) => env.server.control.journal.entries({ operation });

describe('retries', () => {
  it('retries an injected 429 and 503, honouring Retry-After, each attempt in the server journal', async () => {
    env.server.control.journal.clear();
    const { client, waits } = clientFor(env.server, env.tenant);
    env.server.control.faults.injectErrors({
      count: 1,
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 3,
      operation: 'getCapabilities',
      tenant: env.tenant.clientId,
    });
    env.server.control.faults.injectErrors({
      count: 1,
      code: 'queue_unavailable',
      retryAfterSeconds: 1,
      operation: 'getCapabilities',
      tenant: env.tenant.clientId,
    });
    await client.capabilities.get();
    if (isMinimalProfile()) {
      // No Retry-After (the specification does not show it): the client's own backoff.
      expect(waits).toHaveLength(2);
      for (const wait of waits) expect(wait).toBeGreaterThan(0);
    } else {
      expect(waits).toEqual([3000, 1000]);
    }
    expect(journalOf('getCapabilities').map((entry) => entry.status)).toEqual([429, 503, 200]);
  });

  it('does not retry a 4xx', async () => {
    env.server.control.journal.clear();
    const { client, waits } = clientFor(env.server, env.tenant);
    const error = await failureOf(client.turns.get(crypto.randomUUID()));
    expect(isPartnerApiError(error, 'not_found')).toBe(true);
    expect(waits).toEqual([]);
    expect(journalOf('getTurn')).toHaveLength(1);
  });

  it('a send whose answer was lost is retried with the same client_message_id: one turn', async () => {
    let lose = 1;
    const losingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && String(input).endsWith('/messages') && lose-- > 0) {
        throw new TypeError('fetch failed'); // the env.server got it; the answer never arrived
      }
      return response;
    };
    const { client, waits, externalUserId } = clientFor(env.server, env.tenant, {
      fetch: losingFetch,
    });
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, { message: 'Where do I vote?' });
    expect(waits).toHaveLength(1);
    // The same user, with real waits between polls.
    const poller = new PartnerAssistantClient({
      baseUrl: env.server.url,
      token: () => issueToken(env.server, env.tenant, externalUserId),
    });
    const ended = await poller.turns.wait(turn.turn_id);
    expect(ended.status).toBe('completed');
    const history = await client.messages.list(conversation_id);
    expect(history.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it("an abort rejects with the signal's reason and stops the wait between retries", async () => {
    env.server.control.journal.clear();
    const controller = new AbortController();
    const reason = new Error('user left the screen');
    const { client } = clientFor(env.server, env.tenant, {
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
          controller.abort(reason);
        }),
    });
    env.server.control.faults.injectErrors({
      count: 2,
      code: 'queue_unavailable',
      retryAfterSeconds: 30,
      operation: 'getCapabilities',
      tenant: env.tenant.clientId,
    });
    await expect(client.capabilities.get({ signal: controller.signal })).rejects.toBe(reason);
    expect(journalOf('getCapabilities')).toHaveLength(1);
    env.server.control.faults.clear({ tenant: env.tenant.clientId });
  });
});

describe('tokens', () => {
  it('asks the provider once for concurrent requests, then reuses the token', async () => {
    const { client, tokenCalls } = clientFor(env.server, env.tenant);
    await Promise.all([
      client.capabilities.get(),
      client.capabilities.get(),
      client.conversations.create(),
    ]);
    await client.capabilities.get();
    expect(tokenCalls).toHaveLength(1);
  });

  it('a 401 (token expired by the server) forces one fresh provider call and one retry', async () => {
    env.server.control.journal.clear();
    const { client, tokenCalls } = clientFor(env.server, env.tenant);
    await client.capabilities.get();
    env.server.control.tokens.expire(tokenCalls[0]?.access_token ?? '');
    await client.capabilities.get();
    expect(tokenCalls).toHaveLength(2);
    expect(journalOf('getCapabilities').map((entry) => entry.status)).toEqual([200, 401, 200]);
  });

  it('never loops: a provider that keeps giving refused tokens gets one retry, then the 401', async () => {
    env.server.control.journal.clear();
    let calls = 0;
    const client = new PartnerAssistantClient({
      baseUrl: env.server.url,
      token: async () => {
        calls++;
        const token = await issueToken(env.server, env.tenant);
        env.server.control.tokens.revoke(token.access_token);
        return token;
      },
    });
    const error = await failureOf(client.capabilities.get());
    expect(isPartnerApiError(error, 'unauthorized')).toBe(true);
    expect(calls).toBe(2);
    expect(journalOf('getCapabilities')).toHaveLength(2);
  });

  it('a provider that throws or hangs fails the request with PartnerTokenProviderError, nothing sent', async () => {
    env.server.control.journal.clear();
    const cause = new Error('token endpoint answered 500');
    const throwing = new PartnerAssistantClient({
      baseUrl: env.server.url,
      token: () => Promise.reject(cause),
    });
    const thrown = await failureOf(throwing.capabilities.get());
    expect(isPartnerTokenProviderError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ failure: 'threw', cause });
    const hanging = new PartnerAssistantClient({
      baseUrl: env.server.url,
      token: () => new Promise(() => {}),
      tokenTimeoutMs: 30,
    });
    expect(await failureOf(hanging.capabilities.get())).toMatchObject({
      name: 'PartnerTokenProviderError',
      failure: 'timeout',
    });
    expect(journalOf('getCapabilities')).toEqual([]);
  });

  it("a provider returning the API's refusal of a wrong secret: the error names its code, nothing sent", async () => {
    env.server.control.journal.clear();
    // A backend that passes on whatever the token endpoint answered, here to a wrong secret.
    const wrongSecret = `${env.tenant.clientSecret}-wrong`;
    const client = new PartnerAssistantClient({
      baseUrl: env.server.url,
      token: async () => {
        const response = await fetch(`${env.server.url}/api/partners/v1/tokens`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${btoa(`${env.tenant.clientId}:${wrongSecret}`)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ external_user_id: 'someone' }),
        });
        return response.json();
      },
    });
    const thrown = (await failureOf(client.capabilities.get())) as Error;
    expect(thrown).toMatchObject({ name: 'PartnerTokenProviderError', failure: 'invalid' });
    expect(thrown.message).toMatch(
      /^The token provider returned the API error unauthorized \(.+\)/,
    );
    expect(thrown.message).not.toContain(wrongSecret);
    expect(journalOf('getCapabilities')).toEqual([]);
    await client.close();
  });

  it('keeps the token out of URLs, errors and log lines', async () => {
    const lines: string[] = [];
    const urls: string[] = [];
    const logger = {
      debug: (m: string, c: object) => lines.push(m + JSON.stringify(c)),
      warn: (m: string, c: object) => lines.push(m + JSON.stringify(c)),
    };
    const { client, tokenCalls } = clientFor(env.server, env.tenant, {
      logger,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    await client.capabilities.get();
    const token = tokenCalls[0]?.access_token ?? '';
    env.server.control.tokens.revoke(token);
    const error = await failureOf(client.turns.get(crypto.randomUUID()));
    const seen = [
      ...lines,
      ...urls,
      String(error),
      JSON.stringify(error),
      (error as Error).stack,
      JSON.stringify(client),
    ].join('\n');
    expect(token.length).toBeGreaterThan(20);
    expect(seen).not.toContain(token);
    expect(lines.length).toBeGreaterThan(0);
  });
});
