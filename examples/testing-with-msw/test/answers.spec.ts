import { describe, expect, it } from 'vitest';
import { askAndShow } from '../src/ask-assistant.ts';
import { baseUrl, control, questionAccepted, signedInClient } from './partner-assistant.ts';

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

  // `PARTNER_ASSISTANT_PROFILE=minimal npx vitest run`: the same suite against handlers that
  // answer only what the specification shows, without our `X-Request-Id` header.
  it('runs on the profile PARTNER_ASSISTANT_PROFILE asks for', async () => {
    const answer = await fetch(`${baseUrl}/api/partners/v1/capabilities`);
    expect(answer.status).toBe(401);
    const minimal = process.env.PARTNER_ASSISTANT_PROFILE === 'minimal';
    expect(answer.headers.has('x-request-id')).toBe(!minimal);
  });
});
