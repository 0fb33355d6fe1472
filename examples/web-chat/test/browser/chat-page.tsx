/**
 * The web chat opened in the test page as `main.tsx` opens it: a client on the API at `baseUrl`
 * with user tokens from the tenant, the provider and the app.
 */
import {
  PartnerAssistantClient,
  type PartnerAssistantClientOptions,
} from '@partner-assistant/client';
import { PartnerAssistantProvider } from '@partner-assistant/react';
import { createRoot } from 'react-dom/client';
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import { ChatApp } from '../../src/chat-app.tsx';
import { issueToken, serverUrl, type Tenant } from './reference-server.ts';

/** An open chat: its client, and how to take it down. */
export interface OpenChat {
  client: PartnerAssistantClient;
  close: () => Promise<void>;
}

/** Opens the chat for `userId` of `tenant`, on the API at `baseUrl` (the shared server by default). */
export function openChat(
  tenant: Tenant,
  userId: string,
  {
    baseUrl = serverUrl(),
    ...options
  }: { baseUrl?: string } & Pick<PartnerAssistantClientOptions, 'reconnectBackoff' | 'outbox'> = {},
): OpenChat {
  return renderChat(
    new PartnerAssistantClient({
      ...options,
      baseUrl,
      token: () => issueToken(tenant, userId, baseUrl),
    }),
  );
}

/** Renders the app with `client`, as `main.tsx` does; closing it closes the client too. */
export function renderChat(client: PartnerAssistantClient): OpenChat {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <PartnerAssistantProvider client={client}>
      <ChatApp />
    </PartnerAssistantProvider>,
  );
  const close = async () => {
    root.unmount();
    container.remove();
    await client.close();
  };
  return { client, close };
}

/** Types `question` in the composer and sends it, as the user does. */
export async function ask(question: string): Promise<void> {
  await page.getByLabelText('Your question').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Starts a new conversation, as the user does, and waits for it to be selected. */
export async function startConversation(title = 'Conversation 1'): Promise<void> {
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect.element(page.getByRole('button', { name: title })).toBeVisible();
}

/** The assistant's answers shown. */
export const answers = () => page.getByTestId('assistant-message');
