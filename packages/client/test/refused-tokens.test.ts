/**
 * A token the API refuses (revoked, or forgotten by a restarted server) is never used again: the
 * provider is asked once with `{ reason: 'refused', refusedToken }`, by a REST call and by the
 * WebSocket, and the client goes on; refused tokens never make it loop.
 */
import type { Token } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { PartnerAssistantClient, type TokenRequest } from '../src/index.ts';
import {
  clientFor,
  issueToken,
  StandardWebSocket,
  until,
  useReferenceServer,
} from './support/reference-server.ts';

const env = useReferenceServer();

/** A client whose provider records each request and each token it hands out. */
function recordingClient(answer?: (request: TokenRequest, issued: Token) => unknown) {
  const requests: TokenRequest[] = [];
  const tokens: string[] = [];
  const externalUserId = `user-${crypto.randomUUID()}`;
  const client = new PartnerAssistantClient({
    baseUrl: env.server.url,
    WebSocket: StandardWebSocket,
    token: async (request) => {
      requests.push(request);
      const issued = await issueToken(env.server, env.tenant, externalUserId);
      tokens.push(issued.access_token);
      return (answer?.(request, issued) ?? issued) as Token;
    },
  });
  return { client, requests, tokens };
}

const opened = (client: PartnerAssistantClient) => until(() => client.connection.state === 'open');

describe('a refused token', () => {
  it('REST: the provider is asked once with the refused token, and the call goes on', async () => {
    const { client, requests, tokens } = recordingClient();
    await client.capabilities.get();
    const old = tokens[0] ?? '';
    env.server.control.tokens.revoke(old);
    await client.capabilities.get();
    await client.capabilities.get();
    expect(requests).toEqual([{ reason: 'initial' }, { reason: 'refused', refusedToken: old }]);
  });

  it('WebSocket: a 4401 asks the provider once with the refused token, and the socket reopens', async () => {
    const { client, requests, tokens } = recordingClient();
    client.connection.connect();
    await opened(client);
    const old = tokens[0] ?? '';
    env.server.control.tokens.revoke(old);
    await until(() => requests.length === 2 && client.connection.state === 'open');
    expect(requests).toEqual([{ reason: 'initial' }, { reason: 'refused', refusedToken: old }]);
    const { conversation_id } = await client.conversations.create();
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'Where do I vote?',
    });
    expect((await stream.finalMessage()).role).toBe('assistant');
    expect(requests).toHaveLength(2);
    await client.close();
  });

  it('a provider that takes no argument still gets a fresh token', async () => {
    const { client, tokenCalls } = clientFor(env.server, env.tenant);
    await client.capabilities.get();
    env.server.control.tokens.revoke(tokenCalls[0]?.access_token ?? '');
    await client.capabilities.get();
    expect(tokenCalls).toHaveLength(2);
  });

  it('the refused call does not join a call started before the refusal', async () => {
    // Every answer expires at once, so each REST call asks the provider again ('expiring'); the
    // second call is held, and answers with the first token, as a backend's cache would.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const past = new Date(Date.now() - 1000).toISOString();
    let first = '';
    const { client, requests } = recordingClient((request, issued) => {
      if (request.reason === 'initial') {
        first = issued.access_token;
        return { access_token: first, expires_at: past };
      }
      if (request.reason === 'expiring') return held.then(() => ({ access_token: first }));
      return issued;
    });
    client.connection.connect();
    await opened(client);
    const call = client.capabilities.get(); // waits for the held 'expiring' call
    await until(() => requests.length === 2);
    env.server.control.tokens.revoke(first); // the socket closes with 4401
    await until(() => requests.length === 3);
    await opened(client);
    release();
    await call;
    expect(requests).toEqual([
      { reason: 'initial' },
      { reason: 'expiring' },
      { reason: 'refused', refusedToken: first },
    ]);
    await client.close();
  });

  it('WebSocket: a provider that keeps giving refused tokens is asked twice, then the socket closes', async () => {
    const { client, requests } = recordingClient((_request, issued) => {
      env.server.control.tokens.revoke(issued.access_token);
      return issued;
    });
    client.connection.connect();
    await until(() => client.connection.state === 'closed');
    expect(requests.map((request) => request.reason)).toEqual(['initial', 'refused']);
    expect(client.connection.lastError).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
