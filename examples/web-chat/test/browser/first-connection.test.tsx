/**
 * The web chat when the API is down before its socket ever opened, in real Chromium: the banner
 * says the assistant can't be reached from the first failed attempt, with a countdown to the
 * next, rather than leaving the question on "Sending…" unexplained; the question waits in the
 * outbox (with Discard) and the composer stays free; "Try again" then connects and the question
 * is answered. After a reload during an outage, "Can't reach the assistant" goes once the API
 * answers again, and the history shows.
 */
import { createOutbox } from '@partner-assistant/client/outbox';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { loadConversations } from '../../src/saved-conversations.ts';
import { answers, ask, type OpenChat, openChat, startConversation } from './chat-page.tsx';
import { createTenant, resetTenant, serverUrl, type Tenant } from './reference-server.ts';

let tenant: Tenant;
/** A relay to the shared server: the API this file stops and starts again. */
let api: string;
let chat: OpenChat | undefined;

beforeAll(async () => {
  tenant = await createTenant('Web chat first connection');
  api = await commands.startRelay(serverUrl());
});

afterEach(async () => {
  await commands.setRelayRunning(api, true);
  await chat?.close();
  chat = undefined;
  localStorage.clear();
});

afterAll(async () => {
  await commands.stopRelay(api);
  await resetTenant(tenant);
});

const secondsLeft = (text: string | null) =>
  Number(/Retrying in (\d+) s…/.exec(text ?? '')?.[1] ?? Number.NaN);

/** The chat as `main.tsx` opens it (its outbox in `localStorage`), on the relay. */
const open = (userId: string, retryAfterMs: number) =>
  openChat(tenant, userId, {
    baseUrl: api,
    reconnectBackoff: () => retryAfterMs,
    outbox: createOutbox({ storage: localStorage, namespace: userId }),
  });

const banner = () => page.getByRole('status').filter({ hasText: /Can't reach the assistant/ });
const waiting = () => page.getByText('Will be sent when you are back online');

it('shows "Can\'t reach the assistant" from the first failed attempt, counting down', async () => {
  // Failed attempts wait a minute: the countdown is long enough to read, and only "Try again"
  // brings the chat back within the test.
  chat = open(`first-connection-${crypto.randomUUID()}`, 60_000);
  await startConversation();
  // The socket opens on the first question: it has not been tried yet.
  expect(chat.client.connection.state).toBe('idle');

  await commands.setRelayRunning(api, false);
  await ask('When is the town hall open?');
  await expect
    .element(banner())
    .toHaveTextContent(/Can't reach the assistant\. Retrying in \d+ s…/);
  // Still the first connection, never opened: not a drop.
  expect(chat.client.connection.state).toBe('connecting');
  expect(banner().element().textContent).not.toMatch(/sign|session/i);
  // The first retry comes at once (it may show as "1 s"); the next one is a minute away.
  await expect
    .poll(() => secondsLeft(banner().element().textContent), { timeout: 5_000 })
    .toBeGreaterThan(50);
  const first = secondsLeft(banner().element().textContent);
  // Whole seconds: the next one may be up to a second away, more on a busy machine.
  await expect
    .poll(() => secondsLeft(banner().element().textContent), { timeout: 5_000 })
    .toBeLessThan(first);

  // Meanwhile the question waits, as the README says: no "Sending…", and the composer is free.
  await expect.element(waiting()).toBeVisible();
  expect(page.getByText('Sending…').elements()).toHaveLength(0);
  await ask('And on Sundays?');
  await expect.poll(() => waiting().elements()).toHaveLength(2);
  const second = page.getByRole('listitem').filter({ hasText: 'And on Sundays?' });
  await second.getByRole('button', { name: 'Discard' }).click();
  await expect.element(second).not.toBeInTheDocument();

  // The API is back: "Try again" connects at once, and the waiting question is answered, once.
  await commands.setRelayRunning(api, true);
  await banner().getByRole('button', { name: 'Try again' }).click();
  await expect.element(banner()).not.toBeInTheDocument();
  await expect.element(answers().first()).toHaveTextContent(/town hall of your town is open/);
  await expect.element(waiting()).not.toBeInTheDocument();
  expect(answers().elements()).toHaveLength(1);
  // The discarded question never left.
  const history = await chat.client.messages.list(loadConversations()[0]!.id);
  expect(history.messages.map(({ content }) => content)).not.toContain('And on Sundays?');
});

it('clears "Can\'t reach the assistant" once the API is back after a reload during an outage', async () => {
  const userId = `reload-outage-${crypto.randomUUID()}`;
  chat = open(userId, 200);
  await startConversation();
  await ask('Where do I pay a parking fine?');
  await expect.element(answers().first()).toHaveAttribute('aria-busy', 'false');

  await commands.setRelayRunning(api, false);
  await ask('When is the town hall open?');
  await expect.element(waiting()).toBeVisible();
  await chat.close();
  chat = open(userId, 200); // the reload, still during the outage: the history cannot load
  const alert = page.getByRole('alert');
  await expect.element(alert).toHaveTextContent(/Can't reach the assistant/);
  await expect.element(waiting()).toBeVisible();

  // Back: the kept question leaves on the next attempt, with no click, and is answered; the
  // history loads with it, and nothing says the assistant is out of reach any more.
  await commands.setRelayRunning(api, true);
  await expect.element(answers().nth(1)).toHaveTextContent(/town hall of your town is open/);
  await expect.element(answers().nth(1)).toHaveAttribute('aria-busy', 'false');
  await expect.element(alert).not.toBeInTheDocument();
  await expect.element(page.getByText('Where do I pay a parking fine?')).toBeVisible();
  expect(page.getByText('When is the town hall open?').elements()).toHaveLength(1);
  expect(answers().elements()).toHaveLength(2);
  expect(page.getByRole('status').elements()).toHaveLength(0);
});
