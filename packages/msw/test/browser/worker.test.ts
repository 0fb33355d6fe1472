/**
 * The handlers in real Chromium: `setupWorker` answers `fetch` through msw's service worker, and
 * the channel through msw's WebSocket interception, with the reference server's engine in the page.
 */
import { setupWorker } from 'msw/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerAssistantClient } from '../../../client/src/index.ts';
import { createPartnerAssistantHandlers } from '../../src/index.ts';
import { call, journaledCloses, watchAnswer } from '../support/api-calls.ts';

const baseUrl = 'https://assistant.example.test';
const { handlers, control } = createPartnerAssistantHandlers({ baseUrl, seed: 'browser' });
const worker = setupWorker(...handlers);

beforeAll(() => worker.start({ quiet: true, onUnhandledRequest: 'bypass' }));
afterAll(() => worker.stop());

async function userToken(): Promise<string> {
  const tenant = control.tenants.create();
  const issued = await call(baseUrl, 'POST', '/tokens', {
    credentials: { basic: [tenant.clientId, tenant.clientSecret] },
    json: { external_user_id: 'browser-user', locale: 'fr-FR' },
  });
  expect(issued.status).toBe(200);
  return (issued.body as { access_token: string }).access_token;
}

describe('msw handlers in Chromium', () => {
  it('answers fetch across origins, errors included', async () => {
    const token = await userToken();
    const created = await call(baseUrl, 'POST', '/conversations', {
      credentials: { bearer: token },
      json: { title: 'Passeport' },
    });
    expect(created.status).toBe(201);
    const refused = await call(baseUrl, 'GET', '/capabilities');
    expect([refused.status, (refused.body as { error: { code: string } }).error.code]).toEqual([
      401,
      'unauthorized',
    ]);
  });

  it('streams a WebSocket turn to the client SDK, and recovers from a cut mid-answer', async () => {
    const client = new PartnerAssistantClient({ baseUrl, token: await userToken() });
    const { conversation_id } = await client.conversations.create();
    control.faults.dropAfterDelta({ afterDeltas: 1 });
    const stream = client.chat.send({
      conversationId: conversation_id,
      message: 'Mon passeport ?',
    });
    const { seen, message } = await watchAnswer(control, stream);
    expect(message.content.length).toBeGreaterThan(0);
    expect(seen).toBe(message.content);
    expect(journaledCloses(control)).toContain(1006);
    await client.close();
  });
});
