import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningReferenceServer } from '../src/index.ts';
import { MANUAL_PROCESSING_MS, startManualServer } from './support/manual-server.ts';
import { call, newUserSession, sendMessage } from './support/test-server.ts';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startManualServer();
});
afterAll(() => server.close());

/**
 * The simulated assistant's answer to `question`, for a user whose token was issued with
 * `locale` (or none, as the ready banner's `curl` issues it), on an application listing `fr-FR`
 * first, then `en-GB`.
 */
async function answerTo(question: string, locale?: string): Promise<string> {
  const session = await newUserSession(server, { ...(locale ? { locale } : {}) });
  await sendMessage(server, session, crypto.randomUUID(), question);
  server.control.clock.advance(MANUAL_PROCESSING_MS * 5, { tenant: session.tenant.partnerId });
  const page = await call(server, 'GET', `/conversations/${session.conversationId}/messages`, {
    token: session.token,
  });
  const answer = page.body.messages.find(
    (message: { role: string }) => message.role === 'assistant',
  );
  return JSON.stringify(answer.content);
}

const ENGLISH = /\b(the|your)\b/;
const FRENCH = /\b(votre|les|pour|mairie)\b/i;

describe('the language of the answers', () => {
  it('follows an English question when the token named no locale', async () => {
    const answer = await answerTo('How do I renew my passport?');
    expect(answer).toMatch(ENGLISH);
    expect(answer).not.toMatch(FRENCH);
  });

  it('follows a French question when the token named no locale', async () => {
    expect(await answerTo('Comment renouveler mon passeport ?')).toMatch(FRENCH);
  });

  it('is the token’s locale when it named one, whatever the question’s language', async () => {
    expect(await answerTo('How do I renew my passport?', 'fr-FR')).toMatch(FRENCH);
    const english = await answerTo('Comment renouveler mon passeport ?', 'en-GB');
    expect(english).toMatch(ENGLISH);
    expect(english).not.toMatch(FRENCH);
  });
});
