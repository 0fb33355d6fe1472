/**
 * The outbox's promises tried the way platforms break them: a client closed as it starts (React
 * StrictMode), storages that hang, throw, answer `undefined` or are cleared, clocks corrected
 * either way, two outboxes over one store.
 */
import { describe, expect, it } from 'vitest';
import { createOutbox } from './index.ts';
import { MemoryStorage } from './memory-storage.test-support.ts';
import { offlineHost, write } from './outbox-host.test-support.ts';
import { FakeLockManager, withWebLocks } from './web-locks.test-support.ts';

const question = (id: string, conversationId = 'c1', createdAt = '2026-01-01T00:00:00.000Z') => ({
  clientMessageId: id,
  conversationId,
  message: `question ${id}`,
  createdAt,
});

/** Keeps `ids` in `storage`, as a client closed offline leaves them. */
async function keptIn(storage: MemoryStorage, ids: string[]) {
  const before = createOutbox({ storage });
  before.attach(offlineHost());
  for (const id of ids) await write(before, question(id));
  before.close();
  await expect.poll(() => storage.listed()).toEqual(ids);
  await expect.poll(() => leases(storage)).toEqual([]);
}

const leases = (storage: MemoryStorage) =>
  [...storage.items.keys()].filter((key) => key.includes(':lease:'));

describe.each([
  ['leases in a sync storage', false, false],
  ['leases in an async storage', true, false],
  ['Web Locks', true, true],
])('an outbox closed as it starts, with %s', (_name, async, locked) => {
  const run = (test: () => Promise<void>) =>
    locked ? withWebLocks(new FakeLockManager(), test) : test();

  it('claims nothing and sends nothing; the next outbox sends every kept question (StrictMode: mount, cleanup, mount)', () =>
    run(async () => {
      const storage = new MemoryStorage(async);
      await keptIn(storage, ['a', 'b', 'c']);
      const first = createOutbox({ storage });
      const firstHost = offlineHost();
      first.attach(firstHost);
      first.close();
      const second = createOutbox({ storage });
      const secondHost = offlineHost();
      second.attach(secondHost);
      await expect.poll(() => secondHost.sent).toEqual(['a', 'b', 'c']);
      expect(firstHost.sent).toEqual([]);
      second.close();
      await expect.poll(() => leases(storage)).toEqual([]);
      const locks = (globalThis as { navigator?: { locks?: FakeLockManager } }).navigator?.locks;
      expect(locks?.held() ?? []).toEqual([]);
    }));
});
