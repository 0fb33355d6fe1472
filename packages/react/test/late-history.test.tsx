import type { PartnerAssistantClient } from '@partner-assistant/client';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  conversationWith,
  newClient,
  renderConversation,
  serverForFile,
} from './support/conversation-harness.tsx';

/** Holds every history page of `client`, read at once, until `release()`. */
function holdHistory(client: PartnerAssistantClient) {
  const list = client.messages.list.bind(client.messages);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  client.messages.list = ((...args: Parameters<typeof list>) => {
    held++;
    return list(...args).then((page) => gate.then(() => page));
  }) as never;
  return { release, held: () => held };
}

describe('a history page that lands after a turn settled', () => {
  const harness = serverForFile();

  it('the first page merges with the settled turn instead of dropping it', async () => {
    const { client } = newClient(harness);
    const id = await conversationWith(client, 2);
    const history = holdHistory(client);
    const { result } = renderConversation(client, id);
    await waitFor(() => expect(history.held()).toBeGreaterThan(0));
    await act(() => result.current.send('Asked before the history arrived?'));
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // The release inside act; the wait outside it (testing-library's waitFor acts by itself).
    act(() => history.release());
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    const contents = result.current.messages.map((m) => m.content);
    expect(contents.slice(0, 4)).toEqual([
      'Question 0?',
      expect.any(String),
      'Question 1?',
      expect.any(String),
    ]);
    expect(contents[4]).toBe('Asked before the history arrived?');
    expect(result.current.messages).toHaveLength(6);
    expect(result.current.messages[5]).toMatchObject({ role: 'assistant', status: 'completed' });
    await client.close();
  });

  it('an older page (loadOlder) merges with a turn settled while it was read', async () => {
    const { client } = newClient(harness);
    const id = await conversationWith(client, 11); // 22 messages: 20 shown, 2 older
    const { result } = renderConversation(client, id);
    await waitFor(() => expect(result.current.messages).toHaveLength(20));
    const history = holdHistory(client);
    let older: Promise<void> = Promise.resolve();
    act(() => {
      older = result.current.loadOlder();
    });
    await waitFor(() => expect(history.held()).toBe(1));
    await act(() => result.current.send('Asked while older messages load?'));
    expect(result.current.messages).toHaveLength(22);
    await act(async () => {
      history.release();
      await older;
    });
    const messages = result.current.messages;
    expect(messages).toHaveLength(24);
    expect(messages[0]?.content).toBe('Question 0?');
    expect(messages.at(-2)?.content).toBe('Asked while older messages load?');
    expect(new Set(messages.map((m) => m.message_id)).size).toBe(24);
    await client.close();
  });
});
