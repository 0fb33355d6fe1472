import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerOf, askInNewConversation } from '../src/ask-assistant.ts';
import { createTenantClient } from './partner-assistant.ts';

describe('answers, on a virtual clock', () => {
  let session: Awaited<ReturnType<typeof createTenantClient>>;
  beforeAll(async () => {
    session = await createTenantClient('answers');
  });
  // Only this file's tenant is reset: other files on the same server keep their data and time.
  afterEach(() => session.tenant.reset());
  afterAll(() => session.client.close());

  it('has no answer until the assistant has had time to write it', async () => {
    const { client, tenant } = session;
    const asked = await askInNewConversation(client, {
      topic: 'Passport',
      question: 'How do I renew my passport?',
    });
    // The clock has not moved: the turn is still queued, however long the test takes.
    expect(await answerOf(client, asked.turnId)).toBeUndefined();

    // Past the assistant's processing time, without waiting: this tenant's time only, so a file
    // running beside this one never sees its turns complete early.
    await tenant.clock.advance(5_000);
    const answer = await answerOf(client, asked.turnId);
    expect(answer).toEqual(expect.any(String));
    expect(answer?.length).toBeGreaterThan(20);
  });

  // `PARTNER_ASSISTANT_PROFILE=minimal npx vitest run`: the same suite against a server that
  // answers only what the specification shows, without our `X-Request-Id` header.
  it('runs on the profile PARTNER_ASSISTANT_PROFILE asks for', async () => {
    const answer = await fetch(`${inject('partnerAssistantUrl')}/api/partners/v1/capabilities`);
    expect(answer.status).toBe(401);
    const minimal = process.env.PARTNER_ASSISTANT_PROFILE === 'minimal';
    expect(answer.headers.has('x-request-id')).toBe(!minimal);
  });
});
