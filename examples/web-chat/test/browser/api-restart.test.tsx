/**
 * The web chat in real Chromium across a restart of the API: the partner's token route caches
 * tokens, the restarted API refuses the cached one, and the app's token function sends it back
 * (`X-Refused-Token`) for a new one. The next question is answered with no reload. A conversation
 * the restarted API no longer knows says so, and offers a new one rather than "Try again".
 */
import { PartnerAssistantClient } from '@partner-assistant/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { loadConversations } from '../../src/saved-conversations.ts';
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

/** The chat as `main.tsx` makes it, with the token route of this file's API. */
const openApp = () =>
  renderChat(
    new PartnerAssistantClient({
      baseUrl: urls.apiUrl,
      token: userTokenProvider(urls.tokenUrl),
      reconnectBackoff: () => 100,
    }),
  );

it('answers the next question after the API restarts, without a reload', async () => {
  const chat = openApp();
  const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
  try {
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await ask('How do I renew my passport?');
    await expect.element(helpful).toBeVisible();

    // The API restarts: it forgets every token (and conversation); the route's cache does not.
    await commands.restartApi(urls.apiUrl);
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
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

it('says a saved conversation the restarted API lost is no longer available, and starts a new one', async () => {
  localStorage.clear();
  let chat = openApp();
  const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
  const alert = page.getByRole('alert');
  const gone = 'This conversation is no longer available.';
  try {
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await ask('How do I renew my passport?');
    await expect.element(helpful).toBeVisible();
    const lost = loadConversations()[0]!.id;

    // The API restarts and forgets the conversation; the page still shows it, and a question
    // asked in it is refused with `404 not_found`: no "Try again", which could never work.
    await commands.restartApi(urls.apiUrl);
    await ask('Where do I renew my ID card?');
    await expect.element(alert).toHaveTextContent(gone);
    expect(alert.getByRole('button', { name: 'Try again' }).elements()).toHaveLength(0);
    await expect.element(page.getByLabelText('Your question')).toBeDisabled();
    expect(document.body.textContent).not.toMatch(/Something went wrong|sign in|session/i);

    // Reloaded, the saved conversation's history is refused the same way, and says the same.
    await chat.close();
    chat = openApp();
    await expect.element(alert).toHaveTextContent(gone);
    await alert.getByRole('button', { name: 'Start a new conversation' }).click();
    await expect.element(alert).not.toBeInTheDocument();
    // The lost one leaves the list; the new one takes questions.
    await expect.poll(() => loadConversations().map(({ id }) => id)).not.toContain(lost);
    expect(loadConversations()).toHaveLength(1);
    await ask('When is the market open?');
    await expect.element(helpful).toBeVisible();
  } finally {
    await chat.close();
  }
});
