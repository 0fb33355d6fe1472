import type { WebSocketConstructor } from '@partner-assistant/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { WebSocket as NodeWebSocket } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  type ConnectionStatus,
  PartnerAssistantProvider,
  useConnectionState,
  useConversation,
} from '../src/index.ts';
import {
  conversationWith,
  newClient,
  renderConversation,
  serverForFile,
} from './support/conversation-harness.tsx';

/** What a page rendered on the server shows of a conversation. */
function ServerRenderedChat({ conversationId }: { conversationId: string }) {
  const { messages, status } = useConversation(conversationId);
  const summary = `${messages.length} ${status} ${useConnectionState().state}`;
  return <p>{summary}</p>;
}

describe.each(['reference server', 'msw handlers'] as const)('useConversation (%s)', (backing) => {
  const harness = serverForFile(backing);

  it('loads the newest page of history first; loadOlder brings the rest, nothing twice', async () => {
    const { client } = newClient(harness);
    const id = await conversationWith(client, 13); // 26 messages
    const { result } = renderConversation(client, id);
    await waitFor(() => expect(result.current.messages).toHaveLength(20));
    expect(result.current.messages.at(-1)?.role).toBe('assistant');
    expect(result.current.messages[0]?.content).toBe('Question 3?');
    expect(result.current.hasOlder).toBe(true);
    await act(() => result.current.loadOlder());
    expect(result.current.messages).toHaveLength(26);
    expect(new Set(result.current.messages.map((m) => m.message_id)).size).toBe(26);
    expect(result.current.hasOlder).toBe(false);
    await client.close();
  });

  it('shows the question at once, streams the answer, then settles on the final message', async () => {
    const { client } = newClient(harness);
    const { conversation_id } = await client.conversations.create();
    const { result } = renderConversation(client, conversation_id);
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    const streamed: string[] = [];
    let sending: Promise<void> = Promise.resolve();
    act(() => {
      sending = result.current.send('How do I register to vote?');
    });
    expect(result.current.messages).toMatchObject([
      { role: 'user', content: 'How do I register to vote?', status: 'pending' },
    ]);
    expect(result.current.status).toBe('sending');
    await waitFor(() => {
      if (result.current.streamingText) streamed.push(result.current.streamingText);
      expect(result.current.status).toBe('idle');
    });
    await act(() => sending);
    const [question, answer] = result.current.messages;
    expect(question).toMatchObject({ role: 'user', status: 'completed' });
    expect(answer).toMatchObject({ role: 'assistant', status: 'completed' });
    expect(question?.turn_id).toBe(answer?.turn_id);
    expect(result.current.messages).toHaveLength(2);
    const history = await client.messages.list(conversation_id);
    expect(result.current.messages.map((m) => m.message_id)).toEqual(
      history.messages.map((m) => m.message_id),
    );
    await client.close();
  });

  it('a socket dropped mid-answer: the same complete answer, shown once', async () => {
    const { client } = newClient(harness);
    const { conversation_id } = await client.conversations.create();
    const { result } = renderConversation(client, conversation_id, {
      streamingRenders: 'per-delta',
    });
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    // The server drops the socket right after the first delta, whatever the machine's pace.
    harness.control.faults.dropAfterDelta({ afterDeltas: 1, tenant: harness.tenant.clientId });
    act(() => void result.current.send('What documents do I need for an ID card?'));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    // The drop was taken: the answer below came through the recovery.
    expect(harness.control.faults.list({ tenant: harness.tenant.clientId })).toEqual([]);
    const history = await client.messages.list(conversation_id);
    expect(result.current.messages.map((m) => [m.message_id, m.content])).toEqual(
      history.messages.map((m) => [m.message_id, m.content]),
    );
    await client.close();
  });

  it('a turn keeps running when the component unmounts; mounting again shows it completed', async () => {
    const { client } = newClient(harness);
    const { conversation_id } = await client.conversations.create();
    const first = renderConversation(client, conversation_id);
    await waitFor(() => expect(first.result.current.loadingHistory).toBe(false));
    act(() => void first.result.current.send('Is the library open on Sunday?'));
    await waitFor(() => expect(first.result.current.status).toBe('streaming'));
    first.unmount();
    const again = renderConversation(client, conversation_id);
    await waitFor(() =>
      expect(again.result.current.messages.map((m) => m.status)).toEqual([
        'completed',
        'completed',
      ]),
    );
    await client.close();
  });

  it('resumes a turn found running in the history (sent elsewhere) through chat.resume', async () => {
    const { client, externalUserId } = newClient(harness);
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, {
      message: 'Sent from another device?',
    });
    const { client: fresh } = newClient(harness, { externalUserId });
    const { result } = renderConversation(fresh, conversation_id);
    await waitFor(() =>
      expect(result.current.messages[1]).toMatchObject({
        role: 'assistant',
        status: 'completed',
        turn_id: turn.turn_id,
      }),
    );
    expect(result.current.messages).toHaveLength(2);
    await client.close();
    await fresh.close();
  });

  it('StrictMode: one history load, nothing shown twice', async () => {
    const { client } = newClient(harness);
    const id = await conversationWith(client, 1);
    harness.control.journal.clear({ tenant: harness.tenant.clientId });
    const { result } = renderConversation(client, id, { strict: true });
    await waitFor(() => expect(result.current.messages).toHaveLength(2));
    act(() => void result.current.send('And then?'));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    expect(result.current.messages).toHaveLength(4);
    expect(
      harness.control.journal.entries({
        operation: 'listMessages',
        tenant: harness.tenant.clientId,
      }),
    ).toHaveLength(1);
    await client.close();
  });

  it('stop(): the partial answer shows as stopped and the composer is free; the next history load shows the whole answer (StrictMode)', async () => {
    const { client } = newClient(harness);
    const { conversation_id } = await client.conversations.create();
    const view = renderConversation(client, conversation_id, { strict: true });
    const { result } = view;
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    // The user presses Stop as the first words arrive (the server has the rest still to send).
    const send = client.chat.send.bind(client.chat);
    client.chat.send = (input) => {
      const stream = send(input);
      stream.on('delta', () => result.current.stop());
      return stream;
    };
    act(() => void result.current.send('How do I renew my passport?'));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    const [question, stopped] = result.current.messages;
    expect(question).toMatchObject({ role: 'user', status: 'completed' });
    expect(stopped).toMatchObject({ role: 'assistant', status: 'stopped' });
    expect(stopped?.content.length).toBeGreaterThan(0);
    expect(result.current.error).toBeNull();
    act(() => result.current.stop()); // nothing in flight: nothing happens
    // The API goes on; once it has finished, the stopped answer is still what was shown.
    await client.turns.wait(question?.turn_id ?? '', { pollIntervalMs: 20 });
    expect(result.current.messages).toEqual([question, stopped]);
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the unwatched store is dropped
    const again = renderConversation(client, conversation_id);
    await waitFor(() =>
      expect(again.result.current.messages.map((m) => m.status)).toEqual([
        'completed',
        'completed',
      ]),
    );
    const answer = again.result.current.messages[1]?.content ?? '';
    expect(answer.startsWith(stopped?.content ?? '-')).toBe(true);
    expect(answer.length).toBeGreaterThan(stopped?.content.length ?? 0);
    await client.close();
  });

  it('a failed turn gives status error with a PartnerTurnError; retry sends it again and succeeds', async () => {
    const { client } = newClient(harness);
    const { conversation_id } = await client.conversations.create();
    const { result } = renderConversation(client, conversation_id);
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    harness.control.faults.failNextTurns(1, { tenant: harness.tenant.clientId });
    await act(() => result.current.send('Will it work?'));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toMatchObject({ name: 'PartnerTurnError' });
    expect(result.current.messages).toMatchObject([{ role: 'user', status: 'failed' }]);
    await act(() => result.current.retry());
    expect(result.current.status).toBe('idle');
    expect(result.current.error).toBeNull();
    expect(result.current.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'completed'],
      ['assistant', 'completed'],
    ]);
    const history = await client.messages.list(conversation_id);
    expect(history.messages).toHaveLength(2); // the failed attempt was removed, not kept beside
    await client.close();
  });

  it('a history that failed to load: status error, and retry loads it', async () => {
    const { client } = newClient(harness);
    const id = await conversationWith(client, 1);
    const { tenant } = harness;
    // Every attempt of the first page fails (the client retries twice); the next load works.
    harness.control.faults.injectErrors({
      count: 3,
      code: 'queue_unavailable',
      retryAfterSeconds: 0,
      operation: 'listMessages',
      tenant: tenant.clientId,
    });
    const { result } = renderConversation(client, id);
    await waitFor(() => expect(result.current.error).toMatchObject({ code: 'queue_unavailable' }), {
      timeout: 5_000,
    });
    expect(result.current).toMatchObject({ status: 'error', loadingHistory: false, messages: [] });
    await act(() => result.current.retry());
    expect(result.current).toMatchObject({ status: 'idle', error: null, loadingHistory: false });
    expect(result.current.messages.map((m) => m.content)).toEqual([
      'Question 0?',
      expect.any(String),
    ]);
    await client.close();
  });

  it('a history that failed to load loads by itself once a question of it is accepted', async () => {
    const { client } = newClient(harness);
    const id = await conversationWith(client, 1);
    // Every attempt of the first page fails (the client retries twice), as while the API is away.
    harness.control.faults.injectErrors({
      count: 3,
      code: 'queue_unavailable',
      retryAfterSeconds: 0,
      operation: 'listMessages',
      tenant: harness.tenant.clientId,
    });
    const { result } = renderConversation(client, id);
    await waitFor(() => expect(result.current.error).toMatchObject({ code: 'queue_unavailable' }), {
      timeout: 5_000,
    });
    // The API answers again: the question is accepted, and the history no failure stands for.
    await act(() => result.current.send('And on Sundays?'));
    await waitFor(() => expect(result.current.messages).toHaveLength(4));
    expect(result.current).toMatchObject({ status: 'idle', error: null, loadingHistory: false });
    expect(result.current.messages.map((m) => [m.role, m.content.slice(0, 15)])).toEqual([
      ['user', 'Question 0?'],
      ['assistant', expect.any(String)],
      ['user', 'And on Sundays?'],
      ['assistant', expect.any(String)],
    ]);
    await client.close();
  });

  it('a token refused after its refresh: status error with PartnerApiError unauthorized', async () => {
    const { client } = newClient(harness, { token: async () => 'pat_refused_by_the_server' });
    const { result } = renderConversation(client, crypto.randomUUID());
    await waitFor(() =>
      expect(result.current.error).toMatchObject({
        name: 'PartnerApiError',
        code: 'unauthorized',
        status: 401,
      }),
    );
    expect(result.current.status).toBe('error');
  });
});

describe('offline', () => {
  const harness = serverForFile();
  /** A WebSocket that never reaches the server: every attempt fails. */
  class Unreachable extends NodeWebSocket {
    constructor(_url: string, protocols?: string | string[]) {
      super('ws://127.0.0.1:9/unreachable', protocols);
    }
  }
  /** A conversation shown by a client whose socket never connects, its history loaded. */
  async function offlineConversation() {
    const { client } = newClient(harness, {
      WebSocket: Unreachable as unknown as WebSocketConstructor,
    });
    const { conversation_id } = await client.conversations.create();
    const { result } = renderConversation(client, conversation_id);
    await waitFor(() => expect(result.current.loadingHistory).toBe(false));
    return { client, result, conversation_id };
  }

  it('a question sent while the socket cannot connect shows as pending, queued until it can', async () => {
    const { client, result } = await offlineConversation();
    act(() => void result.current.send('Anyone there?'));
    // Attempts fail meanwhile: the first refusal is seen before the state is read.
    await waitFor(() => expect(client.connection.lastError).toBeDefined(), { timeout: 10_000 });
    expect(client.connection.state).toBe('connecting');
    expect(result.current.status).toBe('sending');
    expect(result.current.messages).toMatchObject([
      { role: 'user', content: 'Anyone there?', status: 'pending' },
    ]);
    await client.close();
  });

  it('stop() withdraws a question not accepted yet: no longer shown, never sent, composer free', async () => {
    const { client, result, conversation_id } = await offlineConversation();
    act(() => void result.current.send('Anyone there?'));
    expect(result.current.status).toBe('sending');
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.status).toBe('idle'));
    expect(result.current.messages).toEqual([]);
    expect(result.current.error).toBeNull();
    expect((await client.messages.list(conversation_id)).messages).toEqual([]);
    await client.close();
  });
});

describe('useConnectionState and server rendering', () => {
  const harness = serverForFile();

  it('follows the client connection', async () => {
    const { client } = newClient(harness);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PartnerAssistantProvider client={client}>{children}</PartnerAssistantProvider>
    );
    const { result } = renderHook(() => useConnectionState(), { wrapper });
    expect(result.current).toEqual({ state: 'idle', lastError: undefined, retryInMs: undefined });
    act(() => client.connection.connect());
    await waitFor(() => expect(result.current.state).toBe('open'));
    await act(() => client.close());
    expect(result.current.state).toBe('closed');
  });

  /** A client whose handshakes fail while `network.blocked`, retrying after `backoffMs`. */
  function behindBlockableNetwork(backoffMs: number) {
    const network = { blocked: false };
    class Blockable extends NodeWebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(network.blocked ? 'ws://127.0.0.1:9/unreachable' : url, protocols);
      }
    }
    const { client } = newClient(harness, {
      WebSocket: Blockable as unknown as WebSocketConstructor,
      reconnectBackoff: () => backoffMs,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PartnerAssistantProvider client={client}>{children}</PartnerAssistantProvider>
    );
    return { client, network, wrapper };
  }

  /** Renders `useConnectionState`, keeping every status it rendered with. */
  function renderStatuses(wrapper: (props: { children: ReactNode }) => ReactNode) {
    const seen: ConnectionStatus[] = [];
    const { result } = renderHook(
      () => {
        const status = useConnectionState();
        seen.push(status);
        return status;
      },
      { wrapper },
    );
    return { seen, result };
  }

  it('explains a drop: the reason, then the planned wait in whole seconds, with no re-render to count it down', async () => {
    const { client, network, wrapper } = behindBlockableNetwork(2_400);
    const { seen, result } = renderStatuses(wrapper);
    act(() => client.connection.connect());
    await waitFor(() => expect(result.current.state).toBe('open'));
    network.blocked = true;
    harness.control.faults.dropSockets({ tenant: harness.tenant.clientId });
    // After the first, jittered attempt was refused: the next one planned 2.4 s away.
    await waitFor(() => expect(result.current.retryInMs).toBe(3_000), { timeout: 3_000 });
    expect(result.current.state).toBe('reconnecting');
    expect(result.current.lastError?.name).toBe('PartnerNetworkError');
    const planned = result.current;
    const renders = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // A second later the attempt is still to come: nothing re-rendered, the wait is as planned.
    expect(seen.length).toBe(renders);
    expect(result.current).toBe(planned);
    network.blocked = false;
    await waitFor(() => expect(result.current.state).toBe('open'), { timeout: 5_000 });
    expect(result.current.retryInMs).toBeUndefined();
    const waits = seen.filter((s) => s.state === 'reconnecting').map((s) => s.retryInMs);
    expect(waits.every((ms) => ms === undefined || ms % 1000 === 0)).toBe(true);
    expect(seen.filter((s) => s.state === 'reconnecting').length).toBeLessThanOrEqual(8);
    await client.close();
  });

  it('gives each new plan a new status, even with the same wait', async () => {
    const { client, network, wrapper } = behindBlockableNetwork(300);
    network.blocked = true;
    const { seen } = renderStatuses(wrapper);
    act(() => client.connection.connect());
    // Attempts every 300 ms, each refused: every plan is "1 s", each a status of its own.
    const plans = () => new Set(seen.filter((s) => s.retryInMs === 1_000)).size;
    await waitFor(() => expect(plans()).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    expect(seen.at(-1)?.state).toBe('connecting');
    await client.close();
  });

  it('shows the planned wait while the first connection keeps failing, and Try again connects', async () => {
    const { client, network, wrapper } = behindBlockableNetwork(60_000);
    network.blocked = true;
    const { result } = renderHook(() => useConnectionState(), { wrapper });
    act(() => client.connection.connect());
    // The jittered first retry fails too: the next one is a minute away, still `connecting`.
    await waitFor(() => expect(result.current.retryInMs).toBe(60_000), { timeout: 3_000 });
    expect(result.current.state).toBe('connecting');
    expect(result.current.lastError?.name).toBe('PartnerNetworkError');
    network.blocked = false;
    act(() => client.connection.connect());
    await waitFor(() => expect(result.current.state).toBe('open'));
    expect(result.current.retryInMs).toBeUndefined();
    await client.close();
  });

  it('renders on the server without opening anything', () => {
    const { client } = newClient(harness);
    const html = renderToString(
      <PartnerAssistantProvider client={client}>
        <ServerRenderedChat conversationId={crypto.randomUUID()} />
      </PartnerAssistantProvider>,
    );
    expect(html).toContain('0 idle idle');
    expect(client.connection.state).toBe('idle');
  });
});
