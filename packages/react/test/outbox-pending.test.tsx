import { PartnerAssistantClient, type WebSocketConstructor } from '@partner-assistant/client';
import { createOutbox } from '@partner-assistant/client/outbox';
import { act, waitFor } from '@testing-library/react';
import { WebSocket as NodeWebSocket, fetch as nodeFetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { newClient, renderConversation, serverForFile } from './support/conversation-harness.tsx';

const harness = serverForFile('reference server');

/** A `localStorage` of the test's own, shared by the clients of one "device". */
function deviceStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('useConversation with an outbox', () => {
  it('shows questions kept offline as pending after a reload; discard removes one, the other is answered once', async () => {
    const { client: online, backend, externalUserId } = newClient(harness);
    const { conversation_id: id } = await online.conversations.create();
    const storage = deviceStorage();
    /** A client of the same user on the device: `offline` when its WebSocket cannot connect. */
    const device = (offline: boolean) =>
      new PartnerAssistantClient({
        baseUrl: harness.baseUrl,
        token: () => backend.issueToken({ externalUserId }),
        fetch: nodeFetch as unknown as typeof fetch,
        WebSocket: NodeWebSocket as unknown as WebSocketConstructor,
        ...(offline ? { wsUrl: 'ws://127.0.0.1:9/unreachable' } : {}),
        outbox: createOutbox({ storage, namespace: externalUserId }),
      });
    const before = device(true);
    before.chat.send({ conversationId: id, message: 'Kept question?' });
    before.chat.send({ conversationId: id, message: 'Never mind' });
    await waitFor(() =>
      expect((async () => (await before.outbox?.pending())?.length)()).resolves.toBe(2),
    );
    await before.close();

    const reloaded = device(true);
    // The outbox listeners attached by the conversation, counted as they come and go.
    let listening = 0;
    const outbox = reloaded.outbox;
    const on = outbox.on.bind(outbox);
    outbox.on = ((type: 'sent', listener: () => void) => {
      listening++;
      const stop = on(type, listener);
      return () => {
        listening--;
        stop();
      };
    }) as typeof on;
    const { result, unmount } = renderConversation(reloaded, id);
    await waitFor(() =>
      expect(result.current.messages.map((m) => [m.content, m.status])).toEqual([
        ['Kept question?', 'pending'],
        ['Never mind', 'pending'],
      ]),
    );
    expect(listening).toBe(0); // kept questions are followed through `whenSent`: no listener
    const dropped = result.current.messages[1]?.message_id ?? '';
    expect(await act(() => result.current.discard(dropped))).toBe(true);
    await waitFor(() =>
      expect(result.current.messages.map((m) => m.content)).toEqual(['Kept question?']),
    );
    expect(listening).toBe(0);
    expect(result.current.error).toBeNull();
    unmount();
    await reloaded.close();

    const back = device(false);
    const { result: shown } = renderConversation(back, id);
    await waitFor(
      () =>
        expect(shown.current.messages.map((m) => [m.role, m.status])).toEqual([
          ['user', 'completed'],
          ['assistant', 'completed'],
        ]),
      { timeout: 5000 },
    );
    const history = await online.messages.list(id);
    expect(history.messages.map((m) => m.content.slice(0, 14))).toEqual([
      'Kept question?',
      expect.any(String),
    ]);
    await Promise.all([back.close(), online.close()]);
  });

  it('discards a question asked offline from this screen: it goes, and nothing shows an error', async () => {
    const { backend, externalUserId, client: online } = newClient(harness);
    const { conversation_id: id } = await online.conversations.create();
    const offline = new PartnerAssistantClient({
      baseUrl: harness.baseUrl,
      token: () => backend.issueToken({ externalUserId }),
      fetch: nodeFetch as unknown as typeof fetch,
      WebSocket: NodeWebSocket as unknown as WebSocketConstructor,
      wsUrl: 'ws://127.0.0.1:9/unreachable',
      outbox: createOutbox({ storage: deviceStorage(), namespace: externalUserId }),
    });
    const { result, unmount } = renderConversation(offline, id);
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    act(() => void result.current.send('Never mind'));
    await waitFor(() =>
      expect((async () => (await offline.outbox?.pending())?.length)()).resolves.toBe(1),
    );
    const asked = result.current.messages[0]?.message_id ?? '';
    expect(await act(() => result.current.discard(asked))).toBe(true);
    await waitFor(() => expect(result.current.messages).toEqual([]));
    expect(result.current.status).toBe('idle');
    expect(result.current.error).toBeNull();
    expect(await offline.outbox?.pending()).toEqual([]);
    unmount();
    await Promise.all([offline.close(), online.close()]);
  });
});
