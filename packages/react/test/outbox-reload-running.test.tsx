/**
 * A question the API already had, still being answered when the app reloaded, and still kept by
 * the outbox (its acceptance never reached the app): its answer shown once; the question twice
 * only until the acceptance of the kept copy comes back.
 */
import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient, type WebSocketConstructor } from '@partner-assistant/client';
import { createOutbox } from '@partner-assistant/client/outbox';
import {
  DEMO_CONFIG,
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { waitFor } from '@testing-library/react';
import { WebSocket as NodeWebSocket, fetch as nodeFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderConversation } from './support/conversation-harness.tsx';

let server: RunningReferenceServer;
beforeAll(async () => {
  const config = { ...DEMO_CONFIG, assistant: { processing_ms: 1500 } };
  const profile = process.env.PARTNER_ASSISTANT_PROFILE === 'minimal' ? 'minimal' : 'full';
  server = await startReferenceServer({ port: 0, host: '127.0.0.1', config, profile });
});
afterAll(() => server.close());

describe('useConversation after a reload, with the outbox', () => {
  it('shows the answer of a question the API already had once, and the question twice for a round trip at most', async () => {
    const tenant = server.control.tenants.create({
      limits: { requests_per_minute: 10_000, concurrent_turns: 100, daily_messages: 10_000 },
    });
    const fetch = nodeFetch as unknown as typeof globalThis.fetch;
    const backend = new PartnerBackend({
      baseUrl: server.url,
      clientId: tenant.clientId,
      clientSecret: tenant.clientSecret,
      fetch,
      dangerouslyAllowBrowser: true, // the partner's server side of this test, under happy-dom
    });
    const externalUserId = `user-${crypto.randomUUID()}`;
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    const client = new PartnerAssistantClient({
      baseUrl: server.url,
      token: () => backend.issueToken({ externalUserId }),
      fetch,
      WebSocket: NodeWebSocket as unknown as WebSocketConstructor,
      outbox: createOutbox({ storage, namespace: externalUserId }),
    });
    const { conversation_id: id } = await client.conversations.create();
    // Before the reload: the question reached the API, its acceptance never reached the app.
    const clientMessageId = crypto.randomUUID();
    const message = 'Reached the API?';
    await client.messages.send(id, { message, clientMessageId });
    const entry = { v: 1, clientMessageId, conversationId: id, message, attempts: 1 };
    const base = `partner-assistant:outbox:v1:${externalUserId}:`;
    items.set(`${base}entry:${clientMessageId}`, JSON.stringify({ ...entry, createdAt: 'x' }));
    items.set(`${base}index`, JSON.stringify([clientMessageId]));

    const { result, unmount } = renderConversation(client, id);
    const seen: string[][] = [];
    const shown = () => result.current.messages.map((m) => `${m.role} ${m.status}`);
    await waitFor(
      () => {
        seen.push(shown());
        expect(shown()).toEqual(['user completed', 'assistant completed']);
      },
      { timeout: 8000, interval: 20 },
    );
    // At no moment was the question (or its answer) shown twice.
    // The answer never twice; the question twice only until the API's acceptance of the kept
    // copy comes back (one round trip: a few polls at most, not the recovery window).
    const users = (messages: string[]) => messages.filter((m) => m.startsWith('user')).length;
    expect(seen.filter((messages) => users(messages) > 1).length).toBeLessThanOrEqual(5);
    for (const messages of seen)
      expect(messages.filter((m) => m.startsWith('assistant')).length).toBeLessThanOrEqual(1);
    unmount();
    await client.close();
  });
});
