import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PartnerAssistantClient,
  type PartnerAssistantClientOptions,
  type TurnStream,
} from '../../src/index.ts';
import { createOutbox, isPartnerOutboxError, type OutboxEntry } from '../../src/outbox/index.ts';
import { MemoryStorage } from '../../src/outbox/memory-storage.test-support.ts';
import {
  failureOf,
  issueToken,
  StandardWebSocket,
  until,
  useReferenceServer,
} from '../support/reference-server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const env = useReferenceServer({ processingMs: 30 });
let proxy: TcpProxy;
beforeAll(async () => {
  proxy = await startTcpProxy(env.server.url);
});
afterAll(() => proxy.close());

/** One user: clients through the proxy (the network under test), or straight to the server. */
function userOf() {
  const externalUserId = `user-${crypto.randomUUID()}`;
  const client = (options: Partial<PartnerAssistantClientOptions> = {}, direct = false) =>
    new PartnerAssistantClient({
      baseUrl: direct ? env.server.url : proxy.url,
      token: () => issueToken(env.server, env.tenant, externalUserId),
      WebSocket: StandardWebSocket,
      reconnectBackoff: () => 20,
      sleep: async () => {},
      ...options,
    });
  const direct = client({}, true);
  return {
    client,
    /** A client through the proxy whose outbox keeps its questions in `storage`. */
    keeping: (storage: MemoryStorage, options: Partial<PartnerAssistantClientOptions> = {}) =>
      client({ ...options, outbox: createOutbox({ storage }) }),
    direct,
    conversation: async () => (await direct.conversations.create()).conversation_id,
    history: async (conversationId: string) =>
      (await direct.messages.list(conversationId)).messages.map((m) => m.role),
  };
}

/** The next `sent` of `client`'s outbox. */
function nextSent(client: PartnerAssistantClient): Promise<[OutboxEntry, TurnStream]> {
  return new Promise((resolve) => {
    client.outbox?.on('sent', (entry, stream) => resolve([entry, stream]));
  });
}

/** A new user's question asked with the network cut, by a client whose outbox uses `storage`. */
async function askOffline(storage: MemoryStorage, message: string) {
  const user = userOf();
  const conversationId = await user.conversation();
  proxy.cut();
  const client = user.keeping(storage);
  const stream = client.chat.send({ conversationId, message });
  return { user, conversationId, client, stream };
}

describe('the outbox, through a network that comes and goes', () => {
  it('keeps a question asked offline across a closed client, and a later client sends it once', async () => {
    const user = userOf();
    const conversationId = await user.conversation();
    const storage = new MemoryStorage();
    proxy.cut();
    const first = user.client({ outbox: createOutbox({ storage, namespace: 'u1' }) });
    const stream = first.chat.send({ conversationId, message: 'When is the town hall open?' });
    await until(() => storage.entryKeys().length === 1);
    expect(await first.outbox?.pending()).toMatchObject([
      { conversationId, message: 'When is the town hall open?', attempts: 1 },
    ]);
    await first.close();
    await failureOf(stream.finalMessage());
    expect(storage.entryKeys()).toHaveLength(1);
    proxy.restore();
    const second = user.client({ outbox: createOutbox({ storage, namespace: 'u1' }) });
    const [entry, resent] = await nextSent(second);
    expect(entry.message).toBe('When is the town hall open?');
    const answer = await resent.finalMessage();
    expect(answer.role).toBe('assistant');
    expect(await user.history(conversationId)).toEqual(['user', 'assistant']);
    await until(() => storage.entryKeys().length === 0);
    expect(await second.outbox?.pending()).toEqual([]);
    await second.close();
  });

  it('makes one turn when the first request reached the server but its answer was lost', async () => {
    const user = userOf();
    const conversationId = await user.conversation();
    const storage = new MemoryStorage();
    const first = user.keeping(storage);
    await first.capabilities.get();
    first.connection.connect();
    await until(() => first.connection.state === 'open');
    proxy.deafen();
    first.chat.send({ conversationId, message: 'Can I vote by mail?' });
    await until(() => storage.entryKeys().length === 1);
    await expect.poll(() => user.history(conversationId)).toContain('user');
    proxy.cut();
    await first.close();
    expect(storage.entryKeys()).toHaveLength(1);
    proxy.restore();
    const second = user.keeping(storage);
    const [, resent] = await nextSent(second);
    await resent.finalMessage();
    expect(await user.history(conversationId)).toEqual(['user', 'assistant']);
    await second.close();
  });

  it('never sends a discarded question; its stream fails with outbox_discarded', async () => {
    const storage = new MemoryStorage(true);
    const { user, conversationId, client, stream } = await askOffline(storage, 'Never mind');
    await until(() => storage.entryKeys().length === 1);
    const [entry] = (await client.outbox?.pending()) ?? [];
    expect(await client.outbox?.discard(entry?.clientMessageId ?? '')).toBe(true);
    const error = await failureOf(stream.finalMessage());
    expect(isPartnerOutboxError(error) && error.code).toBe('outbox_discarded');
    expect(storage.entryKeys()).toEqual([]);
    proxy.restore();
    client.connection.connect(); // online again: still nothing goes out
    await until(() => client.connection.state === 'open');
    const later = user.keeping(storage);
    later.connection.connect();
    await until(() => later.connection.state === 'open');
    expect(await user.history(conversationId)).toEqual([]);
    expect(await client.outbox?.discard(entry?.clientMessageId ?? '')).toBe(false);
    await Promise.all([client.close(), later.close()]);
  });

  it('withdraws a stopped question: its entry removed, whenSent settled, never sent after the network returns', async () => {
    const storage = new MemoryStorage(true);
    const { user, conversationId, client, stream } = await askOffline(storage, 'Never mind');
    await until(() => storage.entryKeys().length === 1);
    const [entry] = (await client.outbox?.pending()) ?? [];
    const whenSent = client.outbox.whenSent(entry?.clientMessageId ?? '');
    stream.stop();
    const error = await failureOf(whenSent);
    expect(isPartnerOutboxError(error) && error.code).toBe('outbox_discarded');
    await until(() => storage.entryKeys().length === 0);
    expect(await client.outbox.pending()).toEqual([]);
    proxy.restore();
    // Restarted on the same storage: nothing is left to send.
    const later = user.keeping(storage);
    const answer = await later.chat.send({ conversationId, message: 'Open today?' }).finalMessage();
    expect(answer.role).toBe('assistant');
    expect(await user.history(conversationId)).toEqual(['user', 'assistant']);
    await Promise.all([client.close(), later.close()]);
  });

  it('reports a storage that throws, and still sends the question', async () => {
    const user = userOf();
    const conversationId = await user.conversation();
    const storage = new MemoryStorage();
    storage.failWrites = true;
    const client = user.keeping(storage);
    const errors: Error[] = [];
    client.outbox?.on('error', (error) => errors.push(error));
    const answer = await client.chat
      .send({ conversationId, message: 'Is it open?' })
      .finalMessage();
    expect(answer.role).toBe('assistant');
    expect(errors.length).toBeGreaterThan(0);
    expect(isPartnerOutboxError(errors[0]) && errors[0].code).toBe('outbox_storage_failed');
    expect(await user.history(conversationId)).toEqual(['user', 'assistant']);
    await client.close();
  });

  it('two clients on one storage send a kept question once', async () => {
    const storage = new MemoryStorage(true);
    const offline = await askOffline(storage, 'Where do I pay the fine?');
    const { user, conversationId } = offline;
    await until(() => storage.listed().length === 1);
    await offline.client.close();
    proxy.restore();
    const both = [1, 2].map(() => user.keeping(storage));
    const sent: TurnStream[] = [];
    for (const client of both) client.outbox?.on('sent', (_entry, stream) => sent.push(stream));
    await until(() => sent.length > 0);
    await sent[0]?.finalMessage();
    await until(() => storage.entryKeys().length === 0);
    for (const client of both) client.connection.connect();
    await until(() => both.every((client) => client.connection.state === 'open'));
    expect(sent).toHaveLength(1);
    expect(await user.history(conversationId)).toEqual(['user', 'assistant']);
    await Promise.all(both.map((client) => client.close()));
  });

  it('removes a question the API refuses for good, and says so', async () => {
    const user = userOf();
    const storage = new MemoryStorage();
    const client = user.keeping(storage);
    const failed = new Promise<[OutboxEntry, Error]>((resolve) => {
      client.outbox?.on('failed', (entry, error) => resolve([entry, error]));
    });
    const conversationId = crypto.randomUUID(); // no such conversation: 404
    const stream = client.chat.send({ conversationId, message: 'Anyone?' });
    const [entry, error] = await failed;
    expect(entry).toMatchObject({ conversationId, message: 'Anyone?' });
    expect(error).toMatchObject({ status: 404 });
    await failureOf(stream.finalMessage());
    await until(() => storage.entryKeys().length === 0);
    expect(await client.outbox?.pending()).toEqual([]);
    await client.close();
  });

  it('keeps the questions of a signed-out user, unsent', async () => {
    const user = userOf();
    const conversationId = await user.conversation();
    const storage = new MemoryStorage();
    const client = user.keeping(storage, { token: async () => null });
    const stream = client.chat.send({ conversationId, message: 'Still there?' });
    await failureOf(stream.finalMessage());
    expect(await client.outbox?.pending()).toMatchObject([{ message: 'Still there?' }]);
    expect(storage.entryKeys()).toHaveLength(1);
    expect(await user.history(conversationId)).toEqual([]);
    await client.close();
  });
});
