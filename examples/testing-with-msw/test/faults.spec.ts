import { describe, expect, it } from 'vitest';
import { askAndShow, askInNewConversation } from '../src/ask-assistant.ts';
import { control, questionAccepted, signedInClient } from './partner-assistant.ts';

describe('faults', () => {
  it('a 503 on the first send is retried once, and only one question is created', async () => {
    const { client, tenant } = signedInClient();
    // The next message submission of this tenant only answers 503 queue_unavailable.
    control.faults.injectErrors({
      count: 1,
      code: 'queue_unavailable',
      operation: 'sendMessage',
      tenant: tenant.clientId,
    });

    const asked = await askInNewConversation(client, {
      topic: 'Market',
      question: 'When is the market open?',
    });

    const sends = control.journal.entries({ operation: 'sendMessage', tenant: tenant.clientId });
    expect(sends.map((entry) => entry.status)).toEqual([503, 202]);
    const history = await client.messages.list(asked.conversationId);
    expect(history.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    await client.close();
  });

  it('a socket dropped mid-answer: the same complete answer, shown once', async () => {
    const { client, tenant } = signedInClient();
    const { conversation_id } = await client.conversations.create();
    const states: string[] = [];
    client.connection.on('statechange', (state) => states.push(state));
    control.faults.dropAfterDelta({ afterDeltas: 1, tenant: tenant.clientId });

    let shown = '';
    const answer = askAndShow(
      client,
      { conversationId: conversation_id, question: 'Where do I park near the town hall?' },
      (textSoFar) => {
        shown = textSoFar;
      },
    );
    await questionAccepted(tenant);
    control.clock.advance(5_000);
    const text = await answer;

    expect(states).toContain('reconnecting'); // the socket was cut, and the client came back
    expect(shown).toBe(text); // nothing lost, nothing repeated
    const history = await client.messages.list(conversation_id);
    expect(history.messages.at(-1)?.content).toBe(text);
    await client.close();
  });
});
