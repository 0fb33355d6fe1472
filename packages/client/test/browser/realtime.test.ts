/**
 * The streaming channel in real Chromium, on the browser's own WebSocket and its own online and
 * offline events, against the real reference server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { type ConnectionState, PartnerAssistantClient } from '../../src/index.ts';
import {
  createTenant,
  dropSockets,
  issueToken,
  resetTenant,
  serverUrl,
  type TenantCredentials,
} from './support/admin.ts';

let tenant: TenantCredentials;
let client: PartnerAssistantClient;
let conversationId: string;
const states: ConnectionState[] = [];

beforeAll(async () => {
  tenant = await createTenant({ name: 'Browser realtime' });
  const externalUserId = `browser-user-${crypto.randomUUID()}`;
  client = new PartnerAssistantClient({
    baseUrl: serverUrl(),
    token: () => issueToken(tenant, externalUserId, 'en-GB'),
  });
  client.connection.on('statechange', (state) => states.push(state));
  ({ conversation_id: conversationId } = await client.conversations.create());
});

afterAll(async () => {
  await client.close();
  await resetTenant(tenant);
});

/** Resolves once the connection reaches `state`. */
function reaches(state: ConnectionState): Promise<void> {
  if (client.connection.state === state) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = client.connection.on('statechange', (next) => {
      if (next !== state) return;
      stop();
      resolve();
    });
  });
}

describe('chat in Chromium', () => {
  it('streams a turn over the browser WebSocket', async () => {
    const stream = client.chat.send({ conversationId, message: 'When is the town hall open?' });
    let seen = '';
    stream.on('delta', (text) => {
      seen += text;
    });
    const final = await stream.finalMessage();
    expect(final.content.length).toBeGreaterThan(0);
    expect(seen).toBe(final.content);
    expect(states).toEqual(['connecting', 'open']);
  });

  it('survives a socket drop mid-answer: the same complete answer, once', async () => {
    const stream = client.chat.send({
      conversationId,
      message: 'What do I need to renew my passport?',
    });
    let seen = '';
    stream.on('delta', (text) => {
      seen += text;
    });
    const stop = stream.on('delta', () => {
      stop();
      void dropSockets(tenant);
    });
    const final = await stream.finalMessage();
    expect(seen).toBe(final.content);
    expect(states.slice(-2)).toEqual(['reconnecting', 'open']);
    const history = await client.messages.list(conversationId);
    expect(history.messages.filter((m) => m.role === 'assistant').at(-1)?.content).toBe(
      final.content,
    );
  });

  it('follows the browser offline and online events: suspended while offline, open again at once when back', async () => {
    await reaches('open');
    try {
      await commands.setOffline(true);
      await reaches('suspended');
      expect(navigator.onLine).toBe(false);
    } finally {
      await commands.setOffline(false);
    }
    await reaches('open');
    const final = await client.chat
      .send({ conversationId, message: 'Back online?' })
      .finalMessage();
    expect(final.content.length).toBeGreaterThan(0);
  });
});

describe('back/forward cache', () => {
  it('pagehide (persisted) closes the socket cleanly and stays closed; pageshow (persisted) reconnects and resubscribes', async () => {
    await reaches('open');
    const stream = client.chat.send({ conversationId, message: 'Is the museum open today?' });
    await stream.turnId;
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(client.connection.state).toBe('suspended');
    expect(client.connection.retryInMs).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.connection.state).toBe('suspended');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await reaches('open');
    let seen = stream.text;
    stream.on('delta', (text) => {
      seen += text;
    });
    const final = await stream.finalMessage();
    expect(seen).toBe(final.content);
  });
});
