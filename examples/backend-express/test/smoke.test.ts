import type { AddressInfo } from 'node:net';
import { PartnerBackend, type Token } from '@partner-assistant/backend';
import { PATH_PREFIX } from '@partner-assistant/contract';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, REFUSED_TOKEN_HEADER } from '../src/app.ts';
import { DEMO_SESSION_HEADER } from '../src/demo-session.ts';

const credentials = { clientId: 'example-express', clientSecret: 'sk_example_never_shown' };
const config = {
  partners: [
    {
      id: '0c7d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      name: 'Example partner',
      applications: [
        {
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          environment: 'sandbox',
          scopes: ['chat:read', 'chat:write', 'feedback:write'],
          capabilities: ['local_life'],
          locales: ['fr-FR'],
          limits: {
            message_characters: 2000,
            requests_per_minute: 1000,
            concurrent_turns: 4,
            daily_messages: 1000,
          },
        },
      ],
    },
  ],
};

describe('example backend-express', () => {
  let api: RunningReferenceServer;
  let close: () => void;
  let appUrl: string;
  let backend: PartnerBackend;

  beforeAll(async () => {
    api = await startReferenceServer({ config, port: 0, host: '127.0.0.1' });
    backend = new PartnerBackend({ baseUrl: api.url, ...credentials, tokenCache: true });
    const sessions = new Map([['session-alice', { userId: 'alice' }]]);
    const listener = createApp({ backend, sessions }).listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    appUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    close = () => listener.close();
  });
  afterAll(async () => {
    close?.();
    await api?.close();
  });

  const callApp = (
    method: string,
    path: string,
    session?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${appUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(session ? { [DEMO_SESSION_HEADER]: session } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const capabilitiesStatus = async (token: Token) =>
    (
      await fetch(`${api.url}${PATH_PREFIX}/capabilities`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
    ).status;

  it('brokers a token for the signed-in user only', async () => {
    expect(
      (await callApp('POST', '/assistant/token', undefined, { external_user_id: 'alice' })).status,
    ).toBe(401);

    const response = await callApp('POST', '/assistant/token', 'session-alice', {
      external_user_id: 'mallory',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = (await response.json()) as Token;
    expect(await capabilitiesStatus(token)).toBe(200);
    const alice = await backend.issueToken({ externalUserId: 'alice' });
    expect(token.user.id).toBe(alice.user.id);
  });

  it('replaces a cached token the API refused, and only that one', async () => {
    const tokenWith = async (headers: Record<string, string> = {}) =>
      (await (
        await callApp('POST', '/assistant/token', 'session-alice', undefined, headers)
      ).json()) as Token;
    const cached = await tokenWith();
    expect((await tokenWith({ [REFUSED_TOKEN_HEADER]: 'pat_guessed' })).access_token).toBe(
      cached.access_token,
    );
    api.control.tokens.revoke(cached.access_token);
    expect(await capabilitiesStatus(cached)).toBe(401);
    const fresh = await tokenWith({ [REFUSED_TOKEN_HEADER]: cached.access_token });
    expect(fresh.access_token).not.toBe(cached.access_token);
    expect(await capabilitiesStatus(fresh)).toBe(200);
  });

  // `PARTNER_ASSISTANT_PROFILE=minimal npm test`: the same suite against a server that answers
  // only what the specification shows, which issues its ids in upper case.
  it('runs on the profile PARTNER_ASSISTANT_PROFILE asks for', async () => {
    const token = (await (
      await callApp('POST', '/assistant/token', 'session-alice')
    ).json()) as Token;
    const minimal = process.env.PARTNER_ASSISTANT_PROFILE === 'minimal';
    expect(token.user.id).toBe(minimal ? token.user.id.toUpperCase() : token.user.id.toLowerCase());
  });

  it("erases the signed-in user's assistant data and revokes its tokens", async () => {
    const token = (await (
      await callApp('POST', '/assistant/token', 'session-alice')
    ).json()) as Token;
    expect((await callApp('DELETE', '/account/assistant-data')).status).toBe(401);
    const response = await callApp('DELETE', '/account/assistant-data', 'session-alice');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect(await capabilitiesStatus(token)).toBe(401);
  });
});
