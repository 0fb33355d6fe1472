import { PartnerApiError } from '@partner-assistant/sdk-core';
import { describe, expect, it } from 'vitest';
import { systemTimers, type Timers } from '../realtime/platform.ts';
import { createOutbox, isPartnerOutboxError, OUTBOX_KEY_PREFIX } from './index.ts';
import { MemoryStorage } from './memory-storage.test-support.ts';
import { claim } from './outbox-claims.ts';
import { parseEntry, serializeEntry } from './outbox-entry.ts';
import { offlineHost, write } from './outbox-host.test-support.ts';
import { STORAGE_BUDGET_MS } from './outbox-storage.ts';
import type { OutboxHost } from './outbox-types.ts';
import { withWebLocks } from './web-locks.test-support.ts';

const question = (id: string, createdAt = '2026-01-01T00:00:00.000Z') => ({
  clientMessageId: id,
  conversationId: 'c1',
  message: `question ${id}`,
  createdAt,
});

describe.each([
  ['a sync storage (Web Storage)', false],
  ['an async storage (AsyncStorage)', true],
])('the outbox on %s', (_name, async) => {
  it('writes each question under a versioned, namespaced key, and lists it', async () => {
    const storage = new MemoryStorage(async);
    const outbox = createOutbox({ storage, namespace: 'user:1' });
    outbox.attach(offlineHost());
    write(outbox, { ...question('a'), location: { city: 'Lyon' } });
    await expect.poll(() => storage.entryKeys()).toEqual([`${OUTBOX_KEY_PREFIX}user%3A1:entry:a`]);
    expect(await outbox.pending()).toEqual([
      { ...question('a'), location: { city: 'Lyon' }, attempts: 1 },
    ]);
  });

  it("keeps namespaces apart: one user's questions are not another's", async () => {
    const storage = new MemoryStorage(async);
    const alice = createOutbox({ storage, namespace: 'alice' });
    alice.attach(offlineHost());
    await write(alice, question('a'));
    expect(storage.entryKeys()).toHaveLength(1);
    const bob = createOutbox({ storage, namespace: 'bob' });
    const bobs = offlineHost();
    bob.attach(bobs);
    expect(await bob.pending()).toEqual([]);
    const later = createOutbox({ storage, namespace: 'alice' });
    alice.close();
    expect((await later.pending()).map((e) => e.clientMessageId)).toEqual(['a']);
    expect(bobs.sent).toEqual([]);
  });

  it('discards a question not yet sent: true, its stream fails with outbox_discarded, nothing kept', async () => {
    const storage = new MemoryStorage(async);
    const outbox = createOutbox({ storage });
    const host = offlineHost();
    outbox.attach(host);
    await outbox.written(question('a'));
    expect(storage.entryKeys()).toHaveLength(1);
    expect(await outbox.discard('a')).toBe(true);
    const [[id, error]] = host.abandoned as [[string, Error]];
    expect(id).toBe('a');
    expect(isPartnerOutboxError(error) && error.code).toBe('outbox_discarded');
    expect(storage.entryKeys()).toEqual([]);
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.discard('a')).toBe(false);
  });

  it('hands a question it keeps to the chat again when attached and at each opening', async () => {
    const storage = new MemoryStorage(async);
    const outbox = createOutbox({ storage });
    await outbox.written(question('a'));
    const listeners: ((state: string) => void)[] = [];
    const host = offlineHost();
    const on = (_type: string, listener: (state: string) => void) => {
      listeners.push(listener);
      return () => {};
    };
    outbox.attach({ ...host, connection: { on } as OutboxHost['connection'] });
    await expect.poll(() => host.sent).toEqual(['a']);
    for (const listener of listeners) listener('open');
    await expect.poll(() => host.sent).toEqual(['a', 'a']);
    outbox.close();
  });

  it('sendNow() offers at once a question refused for now, instead of after its wait', async () => {
    const storage = new MemoryStorage(async);
    const outbox = createOutbox({ storage });
    const host = offlineHost();
    outbox.attach(host);
    await outbox.written(question('a'));
    const busy = new PartnerApiError({
      status: 429,
      code: 'rate_limit_exceeded',
      message: 'Too many turns at once',
      retryable: true,
      retryAfterMs: 3_600_000,
    });
    outbox.refused('a', busy); // kept, and offered again in an hour
    const offered = host.sent.length;
    outbox.sendNow();
    expect(host.sent.slice(offered)).toEqual(['a']);
    expect(await outbox.pending()).toHaveLength(1);
    outbox.sendNow(); // nothing waits any more: nothing is offered twice
    expect(host.sent.slice(offered)).toEqual(['a']);
    outbox.close();
  });

  it("runs on its client's timers and clock: a refusal's wait, a lease's renewal and expiry", () =>
    withWebLocks(undefined, async () => {
      const storage = new MemoryStorage(async);
      const outbox = createOutbox({ storage });
      const waits: { ms: number; fire: () => void }[] = [];
      const timers: Timers = {
        setTimeout: (fire, ms) => waits.push({ ms, fire }),
        clearTimeout: (handle) => {
          const wait = waits[(handle as number) - 1];
          if (wait) wait.fire = () => {};
        },
      };
      const host = { ...offlineHost(), timers, now: () => 1_000_000 };
      outbox.attach(host);
      await outbox.written(question('a'));
      // The lease carries the client's clock, and is renewed on its timers every third of it.
      const lease = [...storage.items].find(([key]) => key.includes(':lease:'))?.[1];
      expect(JSON.parse(lease ?? '{}')).toMatchObject({ expiresAt: 1_015_000 });
      // An async storage's calls are timed on them too, each within its budget.
      const budgets = waits.filter((wait) => wait.ms === STORAGE_BUDGET_MS).length;
      expect(budgets > 0).toBe(async);
      const planned = () => waits.map((wait) => wait.ms).filter((ms) => ms !== STORAGE_BUDGET_MS);
      expect(planned()).toEqual([5000]);
      const busy = new PartnerApiError({
        ...{ status: 429, code: 'rate_limit_exceeded', message: 'Busy' },
        ...{ retryable: true, retryAfterMs: 60_000 },
      });
      outbox.refused('a', busy);
      expect(planned()).toEqual([5000, 60_000]);
      const offered = host.sent.length;
      waits.findLast((wait) => wait.ms === 60_000)?.fire(); // the client's timer offers it again
      expect(host.sent.slice(offered)).toEqual(['a']);
      outbox.close();
    }));

  it('does not discard a question that already left: false, and it stays kept', async () => {
    const storage = new MemoryStorage(async);
    const outbox = createOutbox({ storage });
    outbox.attach(offlineHost(true));
    await outbox.written(question('a'));
    expect(await outbox.discard('a')).toBe(false);
    expect((await outbox.pending()).map((e) => e.clientMessageId)).toEqual(['a']);
    expect(storage.entryKeys()).toHaveLength(1);
  });

  it('reports a storage that throws on setItem, and lets the question go out', async () => {
    const storage = new MemoryStorage(async);
    storage.failWrites = true;
    const outbox = createOutbox({ storage });
    const errors: unknown[] = [];
    outbox.on('error', (error) => errors.push(error));
    outbox.attach(offlineHost());
    await outbox.written(question('a'));
    expect(errors.length).toBeGreaterThan(0);
    expect(isPartnerOutboxError(errors[0]) && errors[0].code).toBe('outbox_storage_failed');
  });

  it('lets two outboxes on one storage never claim one entry at once', async () => {
    const storage = new MemoryStorage(async);
    const settings = (owner: string) => ({
      storage,
      owner,
      leaseMs: 1000,
      now: () => 0,
      timers: systemTimers,
    });
    const [first, second] = await Promise.all([
      claim('k', settings('a')),
      claim('k', settings('b')),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    (first ?? second)?.release();
    await expect.poll(() => storage.items.has('k')).toBe(false);
    const again = await claim('k', settings('b'));
    expect(again).toBeDefined();
    again?.release();
  });
});

describe('the outbox on a sync storage', () => {
  it('has the entry stored and listed before `written` returns: a reload right after keeps it', () => {
    const storage = new MemoryStorage();
    const outbox = createOutbox({ storage });
    outbox.attach(offlineHost());
    write(outbox, question('a'));
    const index = `${OUTBOX_KEY_PREFIX}:index`;
    expect(storage.entryKeys()).toEqual([`${OUTBOX_KEY_PREFIX}:entry:a`]);
    expect(storage.items.get(index)).toBe('["a"]');
    outbox.close();
  });
});

describe('stored entries', () => {
  it('read back what was written, and ignore what another version or a broken write left', () => {
    const entry = { ...question('a'), metadata: { platform: 'ios' }, attempts: 2 } as const;
    expect(parseEntry(serializeEntry(entry))).toEqual(entry);
    expect(JSON.parse(serializeEntry(entry)).v).toBe(1);
    expect(parseEntry(JSON.stringify({ ...entry, v: 2 }))).toBeUndefined();
    expect(parseEntry('{"v":1')).toBeUndefined();
    expect(parseEntry(JSON.stringify({ v: 1, message: 'no ids' }))).toBeUndefined();
  });

  it('an expired lease (a client that died) is taken over', async () => {
    const storage = new MemoryStorage();
    storage.setItem('k', JSON.stringify({ owner: 'dead', expiresAt: 5 }));
    const taken = await claim('k', {
      storage,
      owner: 'me',
      leaseMs: 1000,
      now: () => 10,
      timers: systemTimers,
    });
    expect(taken).toBeDefined();
    taken?.release();
  });

  it('refuses a storage without the Web Storage methods', () => {
    expect(() => createOutbox({ storage: {} as never })).toThrow(/getItem, setItem and removeItem/);
  });
});
