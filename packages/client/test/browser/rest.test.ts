/**
 * The client in real Chromium against the real reference server, from another origin: CORS,
 * `fetch`, exposed headers and typed errors as a partner's web app meets them.
 */
import { WEBSOCKET_PATH, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract/constants';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { isPartnerApiError, PartnerAssistantClient } from '../../src/index.ts';
import {
  createTenant,
  injectErrors,
  issueToken,
  readJournal,
  resetTenant,
  serverUrl,
  serverWsUrl,
  type TenantCredentials,
} from './support/admin.ts';

let tenant: TenantCredentials;
let client: PartnerAssistantClient;

beforeAll(async () => {
  tenant = await createTenant({ name: 'Browser REST' });
  const externalUserId = `browser-user-${crypto.randomUUID()}`;
  client = new PartnerAssistantClient({
    baseUrl: serverUrl(),
    token: () => issueToken(tenant, externalUserId, 'en-GB'),
  });
});

afterAll(() => resetTenant(tenant));

/** Opens a socket to the server's channel (without a token) and says whether it opened. */
function socketOutcome(): Promise<'open' | 'error'> {
  const socket = new WebSocket(`${serverWsUrl()}${WEBSOCKET_PATH}`, [WEBSOCKET_SUBPROTOCOL]);
  return new Promise((resolve) => {
    socket.addEventListener('open', () => {
      resolve('open');
      socket.close();
    });
    socket.addEventListener('error', () => resolve('error'));
  });
}

/** Rejects into the error, to assert on it. */
function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('the client in Chromium, across origins', () => {
  it('creates a conversation, sends a message, waits for the turn and lists the history', async () => {
    expect(new URL(serverUrl()).origin).not.toBe(location.origin);
    const { conversation_id } = await client.conversations.create({ title: 'My passport' });
    // One refusal with Retry-After first: the header must reach the page through CORS.
    await injectErrors(tenant, {
      count: 1,
      code: 'queue_unavailable',
      retryAfterSeconds: 1,
      operation: 'sendMessage',
    });
    const turn = await client.messages.send(conversation_id, {
      message: 'How do I renew my passport?',
    });
    expect(turn).toMatchObject({ conversation_id, status: 'queued' });
    const sends = await readJournal(tenant, { operation: 'sendMessage' });
    expect(sends.map((entry) => entry.status)).toEqual([503, 202]);

    const ended = await client.turns.wait(turn.turn_id);
    expect(ended.status).toBe('completed');
    expect(ended.assistant_message?.content).not.toBe('');

    const page = await client.messages.list(conversation_id);
    expect(page.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(page.hasNextPage()).toBe(false);
  });

  it('throws a typed PartnerApiError with the request id the server journaled', async () => {
    const error = await failureOf(client.turns.get(crypto.randomUUID()));
    if (!isPartnerApiError(error, 'not_found')) throw error;
    expect(error).toMatchObject({ name: 'PartnerApiError', status: 404, retryable: false });
    expect(error.requestId).toEqual(expect.any(String));
    const [entry] = await readJournal(tenant, { operation: 'getTurn', limit: 1 });
    expect(entry).toMatchObject({ status: 404, requestId: error.requestId });
  });
});

describe('the setOffline command', () => {
  it('takes the page offline and brings it back, with the events an app listens to', async () => {
    const seen: string[] = [];
    const record = (event: Event) => seen.push(event.type);
    window.addEventListener('offline', record);
    window.addEventListener('online', record);
    try {
      await commands.setOffline(true);
      await vi.waitFor(() => expect(seen).toEqual(['offline']));
      expect(navigator.onLine).toBe(false);
      await expect(fetch(`${serverUrl()}/__admin/clock`)).rejects.toThrow(TypeError);
      expect(await socketOutcome()).toBe('error');
    } finally {
      await commands.setOffline(false);
    }
    await vi.waitFor(() => expect(seen).toEqual(['offline', 'online']));
    expect(navigator.onLine).toBe(true);
    expect((await fetch(`${serverUrl()}/__admin/clock`)).ok).toBe(true);
    expect(await socketOutcome()).toBe('open');
    window.removeEventListener('offline', record);
    window.removeEventListener('online', record);
  });
});
