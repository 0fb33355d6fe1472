/**
 * Structured answers in the web chat, in real Chromium against the reference server: an answer's
 * cards, table and suggested actions show under its text, and a suggested reply asks its
 * question and gets its own answer.
 */
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { AnswerCards } from '../../src/answer-cards.tsx';
import { AnswerVisualizations } from '../../src/answer-visualizations.tsx';
import { SuggestedActions } from '../../src/suggested-actions.tsx';
import { answers, ask, type OpenChat, openChat, startConversation } from './chat-page.tsx';
import { createTenant, resetTenant, type Tenant } from './reference-server.ts';

let tenant: Tenant;
let chat: OpenChat | undefined;

beforeAll(async () => {
  tenant = await createTenant('Web chat structured answers');
  await page.viewport(900, 760);
});

afterEach(async () => {
  await chat?.close();
});

afterAll(async () => {
  await resetTenant(tenant);
});

it("shows an answer's cards, table and suggested actions; a suggested reply is asked and answered", async () => {
  chat = openChat(tenant, `structured-${crypto.randomUUID()}`);
  await startConversation();
  await ask('When is the town hall open?');
  await expect.element(page.getByRole('button', { name: 'Helpful', exact: true })).toBeVisible();

  const answer = answers().first();
  await expect.element(answer).toHaveTextContent(/open Monday to Friday from 8:30 am to 5 pm/);
  // Cards: a place, and a link that opens in a new tab without a way back to the chat.
  const cards = answer.getByRole('list', { name: 'Related' });
  await expect.element(cards.getByText('Town hall of your town', { exact: true })).toBeVisible();
  await expect.element(cards).toHaveTextContent(/Mon–Fri 8:30 am – 5 pm, Sat 9 am – 12 noon/);
  const booking = cards.getByRole('link', { name: 'Book an appointment' });
  await expect.element(booking).toHaveAttribute('href', 'https://passeport.ants.gouv.fr/');
  await expect.element(booking).toHaveAttribute('target', '_blank');
  await expect.element(booking).toHaveAttribute('rel', 'noopener noreferrer');
  // The table: named by its caption, with column and row headers.
  const hours = answer.getByRole('table', { name: 'Opening hours' });
  await expect.element(hours.getByRole('columnheader', { name: 'Hours' })).toBeVisible();
  await expect.element(hours.getByRole('rowheader', { name: 'Saturday' })).toBeVisible();
  await expect.element(hours.getByRole('cell', { name: '9 am – 12 noon' })).toBeVisible();
  const parkingNearby = answer.getByRole('button', { name: 'Parking nearby' });
  await expect.element(parkingNearby).toBeVisible();
  await page.screenshot({ path: '../../artifacts/web-chat-structured-answer.png' });

  // The suggested reply is sent as the next question, and answered in full.
  await parkingNearby.click();
  await expect
    .element(
      page.getByRole('listitem').filter({ hasText: /^Where can I park near the town hall\?$/ }),
    )
    .toBeVisible();
  const next = answers().nth(1);
  await expect.element(next).toHaveTextContent(/covered car park behind the town hall/);
  await expect.element(next.getByRole('table', { name: 'On-street parking' })).toBeVisible();
  await expect.element(next.getByRole('button', { name: 'Free at night?' })).toBeVisible();
  // Only the latest answer offers follow-ups.
  expect(answer.getByRole('button', { name: 'Parking nearby' }).elements()).toHaveLength(0);
});

it('shows what the network sends as text: no script link, no markup, unknown types and odd data left out', async () => {
  const markup = '<img src=x onerror="window.__injected = true">';
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <>
      <AnswerCards
        cards={[
          { id: 'c1', type: 'link', title: 'Script', url: 'javascript:alert(1)' },
          { id: 'c2', type: 'place', title: markup, description: markup },
          { id: 'c3', type: 'weather', title: 'Unknown type' },
        ]}
      />
      <SuggestedActions
        actions={[
          { id: 'a1', type: 'open_url', label: 'Data URL', value: 'data:text/html,<p>x</p>' },
          { id: 'a2', type: 'call_phone', label: 'Unknown action', value: '+33100000000' },
        ]}
        onReply={() => {}}
        disabled={false}
      />
      <AnswerVisualizations
        visualizations={[
          { id: 'v1', type: 'table', title: 'Odd table', data: { columns: 'Day', rows: [] } },
          { id: 'v2', type: 'constructor', title: 'Not a view', data: {} },
          { id: 'v3', type: 'map', title: 'Nowhere', data: { latitude: 'x', longitude: 2 } },
        ]}
      />
    </>,
  );
  try {
    await expect.element(page.getByText('Script', { exact: true })).toBeVisible();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.querySelectorAll('img, table')).toHaveLength(0);
    expect(container.textContent).toContain(markup);
    expect(container.textContent).not.toMatch(/Unknown|Data URL|Not a view|Nowhere/);
    expect((window as { __injected?: boolean }).__injected).toBeUndefined();
  } finally {
    root.unmount();
    container.remove();
  }
});
