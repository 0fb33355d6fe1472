import type { Message } from '@partner-assistant/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isMinimalProfile, useReferenceServer } from './support/reference-server.ts';

const env = useReferenceServer({ clock: 'manual' });

describe('history pagination over 250 messages', () => {
  let conversationId: string;
  let client: ReturnType<typeof clientFor>['client'];

  beforeAll(async () => {
    ({ client } = clientFor(env.server, env.tenant));
    ({ conversation_id: conversationId } = await client.conversations.create());
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          client.messages.send(conversationId, { message: `Question ${batch * 25 + i}` }),
        ),
      );
      env.server.control.clock.advance(60_000); // every queued turn of the batch completes
    }
  });

  it('by page: nextPage() until hasNextPage() is false', async () => {
    const pages: Message[][] = [];
    let page = await client.messages.list(conversationId, { limit: 100 });
    pages.push(page.messages);
    while (page.hasNextPage()) {
      page = await page.nextPage();
      pages.push(page.messages);
    }
    expect(pages.map((messages) => messages.length)).toEqual([100, 100, 50]);
    await expect(page.nextPage()).rejects.toThrow(/last page/);
  });

  it('by for await: every message once, in chronological order, across pages', async () => {
    const seen: Message[] = [];
    for await (const message of client.messages.list(conversationId, { limit: 30 }))
      seen.push(message);
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((m) => m.message_id)).size).toBe(250);
    expect(seen.filter((m) => m.role === 'user')).toHaveLength(125);
    const times = seen.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it('from an offset, and stopping early sends no further request', async () => {
    env.server.control.journal.clear();
    const seen: Message[] = [];
    for await (const message of client.messages.list(conversationId, { limit: 10, offset: 240 }))
      seen.push(message);
    expect(seen).toHaveLength(10);
    for await (const _ of client.messages.list(conversationId, { limit: 10 })) break;
    // Without `has_more` (the specification does not show it) a full last page says nothing: the
    // SDK asks for one page more, which comes back empty.
    const requests = isMinimalProfile() ? 3 : 2;
    expect(env.server.control.journal.entries({ operation: 'listMessages' })).toHaveLength(
      requests,
    );
  });
});

describe('turns.wait', () => {
  /**
   * Sends `message` in a new conversation from a client whose every wait between polls moves the
   * server's clock instead of real time; `sleeps` records those waits.
   */
  async function askOnVirtualClock(message: string) {
    const sleeps: number[] = [];
    const { client } = clientFor(env.server, env.tenant, {
      sleep: async (ms) => {
        sleeps.push(ms);
        env.server.control.clock.advance(ms);
      },
    });
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, { message });
    return { client, turn, sleeps };
  }

  it('polls a running turn, driven by the virtual clock, until it completes', async () => {
    const { client, turn, sleeps } = await askOnVirtualClock('When is the town hall open?');
    const ended = await client.turns.wait(turn.turn_id);
    expect(ended).toMatchObject({ turn_id: turn.turn_id, status: 'completed' });
    expect(ended.assistant_message?.content.length).toBeGreaterThan(0);
    expect(sleeps.length).toBeGreaterThan(1);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0] ?? 0);
  });

  it('paces its polls with the default when given intervals that are not positive numbers', async () => {
    const { client, turn, sleeps } = await askOnVirtualClock('When is it open?');
    const ended = await client.turns.wait(turn.turn_id, {
      pollIntervalMs: Number.NaN,
      maxPollIntervalMs: -1,
    });
    expect(ended.status).toBe('completed');
    expect(sleeps.length).toBeGreaterThan(1);
    expect(sleeps[0]).toBe(250);
    for (const ms of sleeps) expect(ms).toBeGreaterThanOrEqual(250);
  });

  it('returns a failed turn with its error instead of throwing', async () => {
    const { client, turn } = await askOnVirtualClock('Will this fail? [simulate:error]');
    const ended = await client.turns.wait(turn.turn_id);
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatchObject({ code: 'processing_failed' });
  });

  it('stops when its signal aborts', async () => {
    const { client } = clientFor(env.server, env.tenant, {
      sleep: (_ms, signal) =>
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    });
    const { conversation_id } = await client.conversations.create();
    const turn = await client.messages.send(conversation_id, { message: 'Slow one?' });
    const controller = new AbortController();
    const waiting = client.turns.wait(turn.turn_id, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('gave up')), 20);
    await expect(waiting).rejects.toThrow('gave up');
    env.server.control.clock.advance(60_000);
  });
});
