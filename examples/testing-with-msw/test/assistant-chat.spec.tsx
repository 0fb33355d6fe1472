// @vitest-environment happy-dom
import { PartnerAssistantProvider } from '@partner-assistant/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantChat } from '../src/assistant-chat.tsx';
import { control, signedInClient } from './partner-assistant.ts';

const clients: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  cleanup(); // vitest without `globals`: Testing Library does not unmount by itself
  for (const client of clients.splice(0)) await client.close();
});

/** The chat component on a new conversation, for a signed-in user. */
async function renderChat() {
  const { client, tenant } = signedInClient();
  clients.push(client);
  const { conversation_id } = await client.conversations.create();
  render(
    <PartnerAssistantProvider client={client}>
      <AssistantChat conversationId={conversation_id} />
    </PartnerAssistantProvider>,
  );
  return { client, tenant, conversationId: conversation_id };
}

function ask(question: string) {
  fireEvent.change(screen.getByLabelText('Your question'), { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

const shownMessages = () =>
  within(screen.getByRole('list', { name: 'Conversation' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('<AssistantChat>', () => {
  it('shows the question at once, and the answer after a step of the clock', async () => {
    const { client, conversationId } = await renderChat();
    ask('Is the library open on Sunday?');
    expect(shownMessages()).toEqual(['Is the library open on Sunday?']);

    await screen.findByText('The assistant is answering…'); // accepted, and queued
    control.clock.advance(5_000);
    await screen.findByText((_text, element) => element?.getAttribute('data-role') === 'assistant');

    const history = await client.messages.list(conversationId);
    expect(shownMessages()).toEqual(history.messages.map((message) => message.content));
  });

  it('a socket dropped mid-answer: the complete answer, shown once', async () => {
    const { client, tenant, conversationId } = await renderChat();
    control.faults.dropAfterDelta({ afterDeltas: 1, tenant: tenant.clientId });
    ask('What documents do I need for an ID card?');

    await screen.findByText('The assistant is answering…');
    control.clock.advance(5_000);
    await vi.waitFor(() => expect(screen.queryByText('The assistant is answering…')).toBeNull());

    const closes = control.journal
      .entries({ kind: 'ws', tenant: tenant.clientId })
      .filter((entry) => entry.frameType === 'close');
    expect(closes.map((entry) => entry.status)).toContain(1006); // cut mid-answer
    const history = await client.messages.list(conversationId);
    expect(history.messages).toHaveLength(2);
    expect(shownMessages()).toEqual(history.messages.map((message) => message.content));
  });

  it('an answer that fails: an error in words', async () => {
    const { tenant } = await renderChat();
    control.faults.failNextTurns(1, { tenant: tenant.clientId });
    ask('Will it work?');

    await screen.findByText('The assistant is answering…');
    control.clock.advance(5_000);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The assistant could not answer. Please try again.',
    );
  });
});
