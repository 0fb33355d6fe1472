import { describe, expect, it } from 'vitest';
import { askAndShow } from '../src/ask-assistant.ts';
import { control, questionAccepted, signedInClient } from './partner-assistant.ts';

describe('a streamed answer, on a virtual clock', () => {
  it('shows nothing until the assistant has had time to write, then the whole answer', async () => {
    const { client, tenant } = signedInClient();
    const { conversation_id } = await client.conversations.create();
    const shown: string[] = [];
    const answer = askAndShow(
      client,
      { conversationId: conversation_id, question: 'How do I renew my passport?' },
      (textSoFar) => shown.push(textSoFar),
    );

    await questionAccepted(tenant);
    // The clock has not moved: the turn is still queued, however long the test takes.
    expect(shown).toEqual([]);

    control.clock.advance(5_000); // past the assistant's processing time, without waiting
    const text = await answer;
    expect(text.length).toBeGreaterThan(20);
    expect(shown.at(-1)).toBe(text); // the last thing shown is the whole answer
    await client.close();
  });
});
