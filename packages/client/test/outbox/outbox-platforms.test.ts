/**
 * The outbox where real apps run it: a socket that cannot open (the REST fallback), a client
 * closed while it starts, an application allowed 2 concurrent turns, refusals during a replay.
 * Every test runs against the real reference server.
 */
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerAssistantClient, type PartnerAssistantClientOptions } from '../../src/index.ts';
import { createOutbox, type OutboxEntry } from '../../src/outbox/index.ts';
import { MemoryStorage } from '../../src/outbox/memory-storage.test-support.ts';
import { outboxKeys } from '../../src/outbox/outbox-storage.ts';
import {
  createTenant,
  issueToken,
  type RunningReferenceServer,
  StandardWebSocket,
  startServer,
  type TenantCredentials,
  until,
  useReferenceServer,
} from '../support/reference-server.ts';

const env = useReferenceServer({ processingMs: 30 });
/** Where no WebSocket ever opens: questions go over REST once `recoveryWindowMs` passed. */
const UNREACHABLE = 'ws://127.0.0.1:9/unreachable';

/** One user of `tenant` (the file's by default), and clients of that user. */
function userOf(tenant = env.tenant, server = env.server) {
  const externalUserId = `user-${crypto.randomUUID()}`;
  const client = (options: Partial<PartnerAssistantClientOptions> = {}) =>
    new PartnerAssistantClient({
      baseUrl: server.url,
      token: () => issueToken(server, tenant, externalUserId),
      WebSocket: StandardWebSocket,
      reconnectBackoff: () => 20,
      sleep: async () => {},
      ...options,
    });
  const direct = client();
  return {
    client,
    keeping: (storage: MemoryStorage, options: Partial<PartnerAssistantClientOptions> = {}) =>
      client({ ...options, outbox: createOutbox({ storage }) }),
    conversation: async () => (await direct.conversations.create()).conversation_id,
    history: async (conversationId: string) =>
      (await direct.messages.list(conversationId)).messages.map((m) => m.role),
    close: () => direct.close(),
  };
}

/** Writes `messages` as kept entries of `conversationId`, as an app killed offline leaves them. */
function keptEntries(storage: MemoryStorage, conversationId: string, messages: string[]) {
  const keys = outboxKeys('');
  const entries: OutboxEntry[] = messages.map((message) => ({
    clientMessageId: crypto.randomUUID(),
    conversationId,
    message,
    createdAt: new Date().toISOString(),
    attempts: 1,
  }));
  for (const entry of entries)
    storage.items.set(keys.entry(entry.clientMessageId), JSON.stringify({ v: 1, ...entry }));
  const listed = storage.listed();
  storage.items.set(
    keys.index,
    JSON.stringify([...listed, ...entries.map((e) => e.clientMessageId)]),
  );
  return entries;
}

describe('the outbox over the REST fallback', () => {
  it('discard() is false once the REST send of the question left, and the answer comes', async () => {
    const user = userOf();
    const conversationId = await user.conversation();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posted = false;
    // The API's answer to the question's POST is held back: the request has reached the API.
    const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await undiciFetch(input as never, init as never);
      if (init?.method === 'POST' && String(input).endsWith('/messages')) {
        posted = true;
        await held;
      }
      return response;
    }) as unknown as typeof fetch;
    const storage = new MemoryStorage();
    const client = user.keeping(storage, {
      wsUrl: UNREACHABLE,
      recoveryWindowMs: 50,
      fetch: slowFetch,
    });
    const clientMessageId = crypto.randomUUID();
    const stream = client.chat.send({ conversationId, message: 'Over REST?', clientMessageId });
    await until(() => posted);
    expect(await user.history(conversationId)).toContain('user');
    expect(await client.outbox.discard(clientMessageId)).toBe(false);
    release();
    expect((await stream.finalMessage()).role).toBe('assistant');
    await until(() => storage.entryKeys().length === 0);
    await Promise.all([client.close(), user.close()]);
  });
});

describe('kept questions the API refuses for now, while the socket stays open', () => {
  // Answers take 2 s, and the application may run 2 turns at once (the demo production's limit).
  let slow: RunningReferenceServer;
  let limited: TenantCredentials;
  beforeAll(async () => {
    slow = await startServer({ processingMs: 2000 });
    limited = createTenant(slow, {
      limits: { requests_per_minute: 10_000, concurrent_turns: 2, daily_messages: 10_000 },
    });
  });
  afterAll(() => slow.close());

  it('offers each again with backoff until the API takes it: four kept, 2 at a time, each sent once', async () => {
    const user = userOf(limited, slow);
    const conversations = await Promise.all([1, 2, 3, 4].map(() => user.conversation()));
    const storage = new MemoryStorage();
    const kept = conversations.flatMap((id, i) => keptEntries(storage, id, [`Kept ${i}?`]));
    const client = user.keeping(storage);
    const sent: string[] = [];
    const answers: Promise<unknown>[] = [];
    client.outbox.on('sent', (entry, stream) => {
      sent.push(entry.clientMessageId);
      answers.push(stream.finalMessage());
    });
    // Before the next opening, and before the lease's 15 s look again: while the socket is open.
    await until(() => sent.length === 4, 12_000);
    await Promise.all(answers);
    expect(sent.sort()).toEqual(kept.map((e) => e.clientMessageId).sort());
    for (const id of conversations) expect(await user.history(id)).toEqual(['user', 'assistant']);
    expect(client.connection.state).toBe('open');
    await until(() => storage.entryKeys().length === 0);
    await Promise.all([client.close(), user.close()]);
  }, 20_000);
});
