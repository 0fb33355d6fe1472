/**
 * useConversation against a deployment that sends only what the API specification promises
 * (history pages without `has_more`, an `assistant.completed` message without `turn_id`) and
 * writes every id in upper case: the conversation shows, and each turn shows once.
 */
import { PartnerAssistantClient, type WebSocketConstructor } from '@partner-assistant/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { WebSocket as NodeWebSocket, fetch as nodeFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ScriptedServer,
  startScriptedServer,
} from '../../client/test/support/scripted-server.ts';
import { type SpecExactApi, specExactApi } from '../../client/test/support/spec-exact-api.ts';
import { PartnerAssistantProvider, useConversation } from '../src/index.ts';

/** As the app holds it: lower case; the deployment answers it in upper case. */
const CONVERSATION_ID = '0d1c2b3a-4f5e-4a6b-8c7d-9e0f1a2b3c4d';
const servers: ScriptedServer[] = [];
const clients: PartnerAssistantClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function specExactServer(): Promise<{ api: SpecExactApi; server: ScriptedServer }> {
  const api = specExactApi({ socket: 'answer' });
  const server = await startScriptedServer(api.channel, api.rest);
  servers.push(server);
  return { api, server };
}

function hook(server: ScriptedServer, conversationId = CONVERSATION_ID) {
  const client = new PartnerAssistantClient({
    baseUrl: server.baseUrl,
    token: 'token',
    lifecycle: false,
    fetch: nodeFetch as unknown as typeof globalThis.fetch,
    WebSocket: NodeWebSocket as unknown as WebSocketConstructor,
  });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PartnerAssistantProvider client={client}>{children}</PartnerAssistantProvider>
  );
  return renderHook(() => useConversation(conversationId), { wrapper });
}

const idsOf = (messages: readonly { message_id: string }[]) => messages.map((m) => m.message_id);

describe('useConversation against a spec-exact deployment (ids in upper case)', () => {
  it('shows the history, then a question sent here and its streamed answer, once each', async () => {
    const { api, server } = await specExactServer();
    api.seed(CONVERSATION_ID, 'First?');
    api.seed(CONVERSATION_ID, 'Second?');
    const { result } = hook(server);
    await waitFor(() => expect(result.current.messages).toHaveLength(4));
    expect(result.current.hasOlder).toBe(false);
    act(() => void result.current.send('Third?'));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    const { messages } = result.current;
    expect(messages.map((m) => m.content)).toEqual([
      'First?',
      'Answer to: First?',
      'Second?',
      'Answer to: Second?',
      'Third?',
      'Answer to: Third?',
    ]);
    expect(messages[5]?.turn_id).toBe(messages[4]?.turn_id);
    // A reload (another screen, the same conversation) reads the same messages, once each.
    const again = hook(server, CONVERSATION_ID.toUpperCase());
    await waitFor(() => expect(again.result.current.messages).toHaveLength(6));
    expect(idsOf(again.result.current.messages)).toEqual(idsOf(messages));
  });

  it('a turn found running in the history streams once, and is not followed twice', async () => {
    const { api, server } = await specExactServer();
    api.seed(CONVERSATION_ID, 'Before?');
    const turnId = api.seed(CONVERSATION_ID, 'Sent from a phone?', true);
    const { result } = hook(server);
    await waitFor(() => expect(result.current.messages).toHaveLength(4));
    await waitFor(() => expect(result.current.messages[3]?.status).toBe('completed'));
    expect(result.current.messages.slice(2)).toMatchObject([
      { role: 'user', content: 'Sent from a phone?', turn_id: turnId.toLowerCase() },
      {
        role: 'assistant',
        content: 'Answer to: Sent from a phone?',
        turn_id: turnId.toLowerCase(),
      },
    ]);
    expect(new Set(idsOf(result.current.messages)).size).toBe(4);
    expect(server.counts.sockets).toBe(1);
  });
});
