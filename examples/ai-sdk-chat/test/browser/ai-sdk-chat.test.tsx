/**
 * The AI SDK chat in real Chromium against the reference server: a question's answer streams in
 * (growing, then whole, with its cards); with the API out of reach a question waits, and Stop
 * withdraws it: the chat takes the next question, which is answered, and the stopped one never
 * reaches the API.
 */
import { PartnerAssistantChatTransport } from '@partner-assistant/ai-sdk';
import { PartnerAssistantClient } from '@partner-assistant/client';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { ChatApp } from '../../src/chat-app.tsx';
import { createTenant, issueToken, serverUrl, type Tenant } from './reference-server.ts';

let tenant: Tenant;
let api: string;

beforeAll(async () => {
  tenant = await createTenant('AI SDK chat example');
  api = await commands.startRelay(serverUrl());
  localStorage.clear();
});

afterAll(async () => {
  localStorage.clear();
  await commands.stopRelay(api);
});

/** Records every text the streaming answer's text part shows (`aria-busy`). */
function recordStreamingTexts(): string[] {
  const texts: string[] = [];
  const observer = new MutationObserver(() => {
    const streaming = document.querySelector('[data-testid="assistant-message"][aria-busy="true"]');
    const text = streaming?.querySelector('p')?.textContent ?? '';
    if (text !== '' && text !== texts.at(-1)) texts.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return texts;
}

async function ask(question: string): Promise<void> {
  await page.getByLabelText('Your question').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

it('streams the answer, and Stop withdraws a question still waiting for the API', async () => {
  const userId = `ai-sdk-chat-${crypto.randomUUID()}`;
  // Through a relay the test stops and starts; failed attempts wait a minute (a new question
  // connects at once).
  const client = new PartnerAssistantClient({
    baseUrl: api,
    token: () => issueToken(tenant, userId),
    reconnectBackoff: () => 60_000,
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <ChatApp client={client} transport={new PartnerAssistantChatTransport({ client })} />,
  );
  try {
    const streamed = recordStreamingTexts();
    await ask('When is the town hall open?');
    const answers = page.getByTestId('assistant-message');
    await expect.element(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect.element(answers.first()).toHaveTextContent(/\w/);
    const conversationId = localStorage.getItem('ai-sdk-chat:conversation') ?? '';
    const history = await client.messages.list(conversationId);
    const final = history.messages.find((m) => m.role === 'assistant');
    // The answer grew in place and ended as the server's text, its cards under it.
    expect(streamed.length).toBeGreaterThan(0);
    for (const text of streamed) expect(final?.content.startsWith(text)).toBe(true);
    await expect.element(answers.first()).toHaveTextContent(final?.content ?? '');
    expect(document.querySelectorAll('.card').length).toBe(final?.cards.length);

    // The API out of reach: the question waits; Stop withdraws it, and the chat is ready again.
    await commands.setRelayRunning(api, false);
    await ask('Can I vote by mail?');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.element(page.getByRole('button', { name: 'Send' })).toBeVisible();
    expect(page.getByRole('alert').elements()).toHaveLength(0);

    // Back: the next question is answered; the stopped one never reached the API.
    await commands.setRelayRunning(api, true);
    await ask('And on Sundays?');
    await expect.element(answers.nth(1)).toHaveTextContent(/\w/);
    await expect.element(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const after = await client.messages.list(conversationId);
    expect(after.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'When is the town hall open?',
      'And on Sundays?',
    ]);
  } finally {
    root.unmount();
    container.remove();
    await client.close();
  }
});
