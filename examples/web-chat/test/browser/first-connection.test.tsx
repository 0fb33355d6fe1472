/**
 * The web chat when the API is down before its socket ever opened, in real Chromium: the banner
 * says the assistant can't be reached from the first failed attempt, with a countdown to the
 * next, rather than leaving the question on "Sending…" unexplained; "Try again" then connects
 * and the question is answered.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { answers, ask, type OpenChat, openChat, startConversation } from './chat-page.tsx';
import { createTenant, resetTenant, serverUrl, type Tenant } from './reference-server.ts';

let tenant: Tenant;
let chat: OpenChat | undefined;

beforeAll(async () => {
  tenant = await createTenant('Web chat first connection');
});

afterEach(async () => {
  await chat?.close();
});

afterAll(async () => {
  await resetTenant(tenant);
});

const secondsLeft = (text: string | null) =>
  Number(/Retrying in (\d+) s…/.exec(text ?? '')?.[1] ?? Number.NaN);

it('shows "Can\'t reach the assistant" from the first failed attempt, counting down', async () => {
  const api = await commands.startRelay(serverUrl());
  try {
    // Failed attempts wait a minute: the countdown is long enough to read, and only "Try again"
    // brings the chat back within the test.
    chat = openChat(tenant, `first-connection-${crypto.randomUUID()}`, {
      baseUrl: api,
      reconnectBackoff: () => 60_000,
    });
    await startConversation();
    // The socket opens on the first question: it has not been tried yet.
    expect(chat.client.connection.state).toBe('idle');

    await commands.setRelayRunning(api, false);
    await ask('When is the town hall open?');
    const banner = page.getByRole('status').filter({ hasText: /Can't reach the assistant/ });
    await expect
      .element(banner)
      .toHaveTextContent(/Can't reach the assistant\. Retrying in \d+ s…/);
    // Still the first connection, never opened: not a drop.
    expect(chat.client.connection.state).toBe('connecting');
    expect(banner.element().textContent).not.toMatch(/sign|session/i);
    // The first retry comes at once (it may show as "1 s"); the next one is a minute away.
    await expect
      .poll(() => secondsLeft(banner.element().textContent), { timeout: 5_000 })
      .toBeGreaterThan(50);
    const first = secondsLeft(banner.element().textContent);
    // Whole seconds: the next one may be up to a second away, more on a busy machine.
    await expect
      .poll(() => secondsLeft(banner.element().textContent), { timeout: 5_000 })
      .toBeLessThan(first);

    // The API is back: "Try again" connects at once, and the waiting question is answered.
    await commands.setRelayRunning(api, true);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect.element(banner).not.toBeInTheDocument();
    await expect.element(answers().first()).toHaveTextContent(/town hall of your town is open/);
  } finally {
    await commands.stopRelay(api);
  }
});
