import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { askInNewConversation } from '../src/ask-assistant.ts';
import { createTenantClient } from './partner-assistant.ts';

describe('a busy assistant queue', () => {
  let session: Awaited<ReturnType<typeof createTenantClient>>;
  beforeAll(async () => {
    session = await createTenantClient('retries');
  });
  afterEach(() => session.tenant.reset());
  afterAll(() => session.client.close());

  it('a 503 on the first send is retried once, and only one turn is created', async () => {
    const { client, tenant } = session;
    // The next message submission of this tenant only answers 503 queue_unavailable.
    await tenant.faults.injectErrors({
      count: 1,
      code: 'queue_unavailable',
      operation: 'sendMessage',
    });

    const asked = await askInNewConversation(client, {
      topic: 'Market',
      question: 'When is the market open?',
    });
    expect(asked.turnId).toEqual(expect.any(String));

    const sends = await tenant.journal.entries({ operation: 'sendMessage' });
    expect(sends.map((entry) => entry.status)).toEqual([503, 202]);
    const history = await client.messages.list(asked.conversationId);
    expect(history.messages.filter((message) => message.role === 'user')).toHaveLength(1);
  });
});
