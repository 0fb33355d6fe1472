import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { call, startTestServer, TEST_CONFIG } from './support/test-server.ts';

const [acme] = TEST_CONFIG.partners;
const application = acme!.applications[0]!;
const app = (clientId: string, environment: 'sandbox' | 'production') => ({
  ...application,
  client_id: clientId,
  client_secret: `${clientId}-secret`,
  environment,
});

/** One partner with two sandbox applications and a production one; another partner. */
const CONFIG = {
  ...TEST_CONFIG,
  partners: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Acme',
      applications: [
        app('acme-sbx', 'sandbox'),
        app('acme-sbx-web', 'sandbox'),
        app('acme-prod', 'production'),
      ],
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Other',
      applications: [app('other-sbx', 'sandbox')],
    },
  ],
};

const EXTERNAL_USER_ID = 'same-external-user';
let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startTestServer({ config: CONFIG });
});
afterAll(() => server.close());

const basic = (clientId: string): [string, string] => [clientId, `${clientId}-secret`];

async function tokenFor(clientId: string) {
  const issued = await call(server, 'POST', '/tokens', {
    basic: basic(clientId),
    body: { external_user_id: EXTERNAL_USER_ID },
  });
  expect(issued.status).toBe(200);
  return { token: issued.body.access_token as string, userId: issued.body.user.id as string };
}

/** What `clientId`'s user sees of the sandbox conversation: history status and its messages. */
async function historyAs(clientId: string, conversationId: string) {
  const { token } = await tokenFor(clientId);
  const reply = await call(server, 'GET', `/conversations/${conversationId}/messages`, { token });
  return {
    status: reply.status,
    contents: reply.body.messages?.map((m: { content: string }) => m.content),
  };
}

describe('a user is scoped to (partner, environment)', () => {
  it('shares a user across the applications of one environment, never across environments or partners', async () => {
    const sandbox = await tokenFor('acme-sbx');
    const conversationId = crypto.randomUUID();
    await call(server, 'POST', '/conversations', {
      token: sandbox.token,
      body: { conversation_id: conversationId, title: 'Sandbox' },
    });
    const sent = await call(server, 'POST', `/conversations/${conversationId}/messages`, {
      token: sandbox.token,
      body: { client_message_id: 'sbx-1', message: 'Test data from sandbox' },
    });
    expect(sent.status).toBe(202);

    // Same application, and another application of the same environment: the same user.
    expect((await tokenFor('acme-sbx')).userId).toBe(sandbox.userId);
    expect((await tokenFor('acme-sbx-web')).userId).toBe(sandbox.userId);
    for (const clientId of ['acme-sbx', 'acme-sbx-web']) {
      expect(await historyAs(clientId, conversationId)).toEqual({
        status: 200,
        contents: ['Test data from sandbox'],
      });
    }

    // Production of the same partner, and another partner: other users who see nothing.
    for (const clientId of ['acme-prod', 'other-sbx']) {
      const other = await tokenFor(clientId);
      expect(other.userId).not.toBe(sandbox.userId);
      expect((await historyAs(clientId, conversationId)).status).toBe(404);
      const turn = await call(server, 'GET', `/turns/${sent.body.turn_id}`, { token: other.token });
      expect(turn.status).toBe(404);
      // The same conversation id there creates a distinct, empty conversation.
      const created = await call(server, 'POST', '/conversations', {
        token: other.token,
        body: { conversation_id: conversationId },
      });
      expect(created.status).toBe(201);
      expect(created.body.title).toBeNull();
    }
  });

  it("erases only the environment's user of the application that asks", async () => {
    const sandbox = await tokenFor('acme-sbx');
    const production = await tokenFor('acme-prod');
    const conversationId = crypto.randomUUID();
    for (const { token } of [sandbox, production]) {
      await call(server, 'POST', '/conversations', {
        token,
        body: { conversation_id: conversationId },
      });
    }
    const erase = (clientId: string) =>
      call(server, 'DELETE', `/users/${EXTERNAL_USER_ID}`, { basic: basic(clientId) });
    expect((await erase('acme-prod')).status).toBe(200);
    expect((await call(server, 'GET', '/capabilities', { token: production.token })).status).toBe(
      401,
    );
    expect((await call(server, 'GET', '/capabilities', { token: sandbox.token })).status).toBe(200);
    expect((await historyAs('acme-sbx', conversationId)).status).toBe(200);
    // Erasing through the other sandbox application erases the shared sandbox user.
    expect((await erase('acme-sbx-web')).status).toBe(200);
    expect((await call(server, 'GET', '/capabilities', { token: sandbox.token })).status).toBe(401);
    expect((await historyAs('acme-sbx', conversationId)).status).toBe(404);
  });
});
