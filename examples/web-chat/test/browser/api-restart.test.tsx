/**
 * The web chat in real Chromium across a restart of the API: the partner's token route caches
 * tokens, the restarted API refuses the cached one, and the app's token function sends it back
 * (`X-Refused-Token`) for a new one. The next question is answered with no reload.
 */
import { PartnerAssistantClient } from '@partner-assistant/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { userTokenProvider } from '../../src/user-token.ts';
import { ask, renderChat } from './chat-page.tsx';

let urls: { apiUrl: string; tokenUrl: string };

beforeAll(async () => {
  localStorage.clear();
  await page.viewport(900, 560);
  urls = await commands.startRestartableApi();
});

afterAll(async () => {
  localStorage.clear();
  await commands.stopRestartableApi(urls.apiUrl);
});

it('answers the next question after the API restarts, without a reload', async () => {
  // As `main.tsx` makes it, with the token route of this test's API.
  const chat = renderChat(
    new PartnerAssistantClient({
      baseUrl: urls.apiUrl,
      token: userTokenProvider(urls.tokenUrl),
      reconnectBackoff: () => 100,
    }),
  );
  const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
  try {
    await page.getByRole('button', { name: 'New conversation' }).click();
    await ask('How do I renew my passport?');
    await expect.element(helpful).toBeVisible();

    // The API restarts: it forgets every token (and conversation); the route's cache does not.
    await commands.restartApi(urls.apiUrl);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect.element(page.getByRole('button', { name: 'Conversation 2' })).toBeVisible();
    await ask('When is the market open?');
    await expect.element(helpful.nth(0)).toBeVisible();
    await expect
      .element(page.getByTestId('assistant-message').first())
      .toHaveTextContent(/market/i);
    expect(document.body.textContent).not.toMatch(/sign in|session/i);
    // One token, then one more for the refused one: no loop.
    expect(await commands.tokenRouteCalls(urls.apiUrl)).toEqual({ calls: 2, refused: 1 });
  } finally {
    await chat.close();
  }
});
