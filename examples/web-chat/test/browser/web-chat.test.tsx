/**
 * The web chat in real Chromium against the reference server: the answer streams in, survives
 * its socket being cut mid-answer (shown once, complete), comes back on reload, can be rated,
 * a failed answer offers "Try again", and while the API is down the chat says so and recovers.
 */
import type { ConnectionState, PartnerAssistantClientOptions } from '@partner-assistant/client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { loadConversations } from '../../src/saved-conversations.ts';
import { answers, ask, openChat, startConversation } from './chat-page.tsx';
import {
  createTenant,
  dropAfterDelta,
  failNextTurn,
  resetTenant,
  serverUrl,
  type Tenant,
} from './reference-server.ts';

let tenant: Tenant;
const userId = `web-chat-user-${crypto.randomUUID()}`;
let unmount: (() => Promise<void>) | undefined;

beforeAll(async () => {
  tenant = await createTenant('Web chat example');
  localStorage.clear();
  await page.viewport(900, 560);
});

afterEach(async () => {
  await unmount?.();
});

afterAll(async () => {
  localStorage.clear();
  await resetTenant(tenant);
});

/**
 * Opens the app as a page load would (the conversations from storage), with a client as
 * `main.tsx` makes it, on the API at `baseUrl`; returns the client.
 */
function openApp(
  baseUrl = serverUrl(),
  options: Pick<PartnerAssistantClientOptions, 'reconnectBackoff'> = {},
) {
  const chat = openChat(tenant, userId, { ...options, baseUrl });
  unmount = chat.close;
  return chat.client;
}

/** Records every text an answer shows while it streams (`aria-busy`). */
function recordStreamingTexts(): string[] {
  const texts: string[] = [];
  const observer = new MutationObserver(() => {
    const streaming = document.querySelector('[data-testid="assistant-message"][aria-busy="true"]');
    const text = streaming?.textContent ?? '';
    if (text !== '' && text !== texts.at(-1)) texts.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return texts;
}

it('streams the answer, survives a socket cut mid-answer and shows it complete, once', async () => {
  const client = openApp();
  const states: ConnectionState[] = [];
  client.connection.on('statechange', (state) => states.push(state));
  await startConversation();

  const streamed = recordStreamingTexts();
  await dropAfterDelta(tenant, 2);
  await ask('How do I renew my passport?');

  await expect.element(page.getByRole('button', { name: 'Helpful', exact: true })).toBeVisible();
  expect(answers().elements()).toHaveLength(1);
  const conversationId = loadConversations()[0]!.id;
  const history = await client.messages.list(conversationId);
  const final = history.messages.find((message) => message.role === 'assistant')!.content;
  // The answer grew in place, then ended as the server's final text: nothing lost, nothing twice.
  expect(streamed.length).toBeGreaterThan(0);
  for (const text of streamed) expect(final.startsWith(text)).toBe(true);
  expect(streamed[0]!.length).toBeLessThan(final.length);
  await expect.element(answers().first()).toHaveTextContent(final);
  expect(states).toContain('reconnecting');
  expect(history.messages.filter((message) => message.role === 'assistant')).toHaveLength(1);

  await page.screenshot({ path: '../../artifacts/web-chat.png' });
});

it('shows the history on reload, and takes a rating', async () => {
  openApp();
  await expect.element(page.getByText('How do I renew my passport?')).toBeVisible();
  await expect.element(answers().first()).toHaveTextContent(/procedure/);

  await page.getByRole('button', { name: 'Helpful', exact: true }).click();
  await expect.element(page.getByText('Thanks for your feedback.')).toBeVisible();
  await expect
    .element(page.getByRole('button', { name: 'Helpful', exact: true }))
    .toHaveAttribute('aria-pressed', 'true');
});

it('offers "Try again" when the assistant fails, and then answers', async () => {
  openApp();
  await failNextTurn(tenant);
  await ask('When is the market open?');
  await expect.element(page.getByRole('alert')).toHaveTextContent('could not answer this question');

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
  await expect.element(answers().last()).toHaveTextContent(/market/i);
  expect(page.getByText('When is the market open?').elements()).toHaveLength(1);
});

it("says the assistant can't be reached while the API is down, and recovers when it is back", async () => {
  const api = await commands.startRelay(serverUrl());
  // Attempts that fail wait a minute: only "Try again" brings the chat back within the test.
  const options = { reconnectBackoff: () => 60_000 };
  const unreachable = /Can't reach the assistant/;
  try {
    openApp(api, options);
    const create = page.getByRole('button', { name: 'New conversation', exact: true });
    await create.click();
    // Created and selected: the view of the conversation opened from storage is replaced (and
    // with it a question typed into it), so the question is typed only now.
    await expect.element(create).toBeEnabled();
    await ask('Where can I park near the town hall?');
    await expect.element(page.getByRole('button', { name: 'Helpful', exact: true })).toBeVisible();

    // The API goes down: the open socket is cut, and every new connection is refused.
    await commands.setRelayRunning(api, false);
    const banner = page.getByRole('status');
    await expect
      .element(banner, { timeout: 10_000 })
      .toHaveTextContent(/Can't reach the assistant\. Retrying in \d+ s…/);
    expect(banner.element().textContent).not.toMatch(/sign|session/i);
    expect(page.getByRole('alert').elements()).toHaveLength(0);

    // It is back: "Try again" connects at once, and the next question is answered.
    await commands.setRelayRunning(api, true);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect.element(banner).not.toBeInTheDocument();
    await ask('And on Sundays?');
    await expect.element(answers().nth(1)).toHaveTextContent(/.+/);
    await expect
      .element(page.getByRole('button', { name: 'Helpful', exact: true }).nth(1))
      .toBeVisible();
    await unmount?.();

    // The page loads while the API is down: no token, no history; the chat says why.
    await commands.setRelayRunning(api, false);
    openApp(api, options);
    const alert = page.getByRole('alert');
    await expect.element(alert, { timeout: 10_000 }).toHaveTextContent(unreachable);
    expect(alert.element().textContent).not.toMatch(/sign|session/i);

    // Back again: "Try again" loads the conversation, and it takes questions.
    await commands.setRelayRunning(api, true);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.element(alert).not.toBeInTheDocument();
    await expect.element(page.getByText('And on Sundays?')).toBeVisible();
    await ask('Is it free at night?');
    await expect
      .element(page.getByRole('button', { name: 'Helpful', exact: true }).nth(2))
      .toBeVisible();
  } finally {
    await commands.stopRelay(api);
  }
});
