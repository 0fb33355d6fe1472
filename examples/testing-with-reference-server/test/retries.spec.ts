import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { askInNewConversation } from '../src/ask-assistant.ts';
import { admin, createTenantClient } from './partner-assistant.ts';

interface JournalEntry {
  operation?: string;
  status?: number;
}

describe('a busy assistant queue', () => {
  let session: Awaited<ReturnType<typeof createTenantClient>>;
  beforeAll(async () => {
    session = await createTenantClient('retries');
  });
  afterEach(() => admin('POST', '/reset', { tenant: session.tenant.clientId }));
  afterAll(() => session.client.close());

  it('a 503 on the first send is retried once, and only one turn is created', async () => {
    const { client, tenant } = session;
    // The next message submission of this tenant only answers 503 queue_unavailable.
    await admin('POST', '/faults/errors', {
      count: 1,
      code: 'queue_unavailable',
      operation: 'sendMessage',
      tenant: tenant.clientId,
    });

    const asked = await askInNewConversation(client, {
      topic: 'Market',
      question: 'When is the market open?',
    });
    expect(asked.turnId).toEqual(expect.any(String));

    const { entries } = await admin<{ entries: JournalEntry[] }>(
      'GET',
      `/journal?operation=sendMessage&tenant=${tenant.clientId}`,
    );
    expect(entries.map((entry) => entry.status)).toEqual([503, 202]);
    const history = await client.messages.list(asked.conversationId);
    expect(history.messages.filter((message) => message.role === 'user')).toHaveLength(1);
  });
});
