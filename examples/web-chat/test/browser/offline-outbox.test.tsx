/**
 * The web chat in real Chromium with its outbox in `localStorage`: a question asked offline is
 * kept across a reload (a new client on the same storage), shown greyed as waiting, and answered
 * once when the network is back. While the browser is offline the banner says so, also once a
 * question is asked.
 */
import { createOutbox, OUTBOX_KEY_PREFIX } from '@partner-assistant/client/outbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { answers, ask, type OpenChat, openChat, startConversation } from './chat-page.tsx';
import { createTenant, type Tenant } from './reference-server.ts';

let tenant: Tenant;

beforeAll(async () => {
  localStorage.clear();
  await page.viewport(900, 560);
  tenant = await createTenant('web-chat-offline');
});

afterAll(() => localStorage.clear());

it('keeps a question asked offline across a reload and answers it once back online', async () => {
  const userId = `offline-${crypto.randomUUID()}`;
  const open = () =>
    openChat(tenant, userId, {
      reconnectBackoff: () => 100,
      outbox: createOutbox({ storage: localStorage, namespace: userId }),
    });
  let chat: OpenChat | undefined = open();
  try {
    await startConversation();
    await commands.setOffline(true);
    await ask('Where do I renew my ID card?');
    const waiting = page.getByText('Will be sent when you are back online');
    await expect.element(waiting).toBeVisible();
    // Written down (its entry and the list of entries) before the reload.
    const kept = () =>
      Object.keys(localStorage).filter((key) => key.startsWith(`${OUTBOX_KEY_PREFIX}`));
    await expect.poll(() => kept().some((key) => key.endsWith(':index'))).toBe(true);
    await chat.close();
    chat = undefined;

    chat = open(); // the reload: a new client on the same storage, still offline
    await expect.element(page.getByText('Where do I renew my ID card?')).toBeVisible();
    await expect.element(waiting).toBeVisible();
    await commands.setOffline(false);
    await expect.element(answers().first()).toHaveAttribute('aria-busy', 'false');
    await expect.element(waiting).not.toBeInTheDocument();
    expect(answers().all()).toHaveLength(1);

    // Reloaded again, online: the history the API keeps has the question and its answer once.
    await chat.close();
    chat = open();
    await expect.element(answers().first()).toHaveAttribute('aria-busy', 'false');
    expect(page.getByText('Where do I renew my ID card?').all()).toHaveLength(1);
    expect(answers().all()).toHaveLength(1);
  } finally {
    await commands.setOffline(false);
    await chat?.close();
  }
});

it('says "offline" while the browser is offline, also once a question is asked', async () => {
  localStorage.clear();
  const userId = `offline-banner-${crypto.randomUUID()}`;
  const chat = openChat(tenant, userId, {
    reconnectBackoff: () => 100,
    outbox: createOutbox({ storage: localStorage, namespace: userId }),
  });
  const banner = page.getByRole('status').filter({ hasText: /offline|reach/ });
  try {
    await startConversation();
    await ask('Where do I renew my ID card?');
    await expect.element(answers().first()).toHaveAttribute('aria-busy', 'false');

    await commands.setOffline(true);
    await expect.element(banner).toHaveTextContent("You're offline");
    const { connection } = chat.client;
    const before = connection.lastError;
    await ask('And my passport?');
    await expect.element(page.getByText('Will be sent when you are back online')).toBeVisible();
    // The question tried the network once (the attempt failed: a new `lastError`), and that
    // changed nothing: the connection waits for the network to come back, planning no retry.
    await expect.poll(() => connection.lastError).not.toBe(before);
    expect(connection.state).toBe('suspended');
    expect(connection.retryInMs).toBeUndefined();
    await expect.element(banner).toHaveTextContent("You're offline");
    expect(banner.element().textContent).not.toMatch(/reach|Retrying/);

    await commands.setOffline(false);
    await expect.element(banner).not.toBeInTheDocument();
    await expect.element(answers().nth(1)).toHaveAttribute('aria-busy', 'false');
  } finally {
    await commands.setOffline(false);
    await chat.close();
  }
});
