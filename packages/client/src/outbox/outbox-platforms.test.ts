/**
 * The outbox's promises tried the way platforms break them: a client closed as it starts (React
 * StrictMode), storages that hang, throw, answer `undefined` or are cleared, clocks corrected
 * either way, two outboxes over one store.
 */
import { PartnerApiError } from '@partner-assistant/sdk-core';
import { describe, expect, it } from 'vitest';
import { systemTimers } from '../realtime/platform.ts';
import { createOutbox } from './index.ts';
import { MemoryStorage } from './memory-storage.test-support.ts';
import { claim } from './outbox-claims.ts';
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

/** Leases, not locks: Node 22 and later have `navigator.locks`, which the outbox would take. */
const withoutLocks = (test: () => Promise<void>) => withWebLocks(undefined, test);

const leases = (storage: MemoryStorage) =>
  [...storage.items.keys()].filter((key) => key.includes(':lease:'));

describe.each([
  ['leases in a sync storage', false, false],
  ['leases in an async storage', true, false],
  ['Web Locks', true, true],
])('an outbox closed as it starts, with %s', (_name, async, locked) => {
  const run = (test: () => Promise<void>) =>
    withWebLocks(locked ? new FakeLockManager() : undefined, test);

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
      const locks = (globalThis as unknown as { navigator?: { locks?: FakeLockManager } }).navigator
        ?.locks;
      expect(locks?.held() ?? []).toEqual([]);
    }));
});

/** A storage of `localStorage`'s shape (or AsyncStorage's, `async`) that fails the way `mode` says. */
class HostileStorage extends MemoryStorage {
  constructor(
    async: boolean,
    public mode: {
      /** `setItem` of a key that matches throws a `QuotaExceededError`. */
      quota?: RegExp;
      /** `setItem` answers a promise that never settles (a stuck AsyncStorage). */
      hangWrites?: boolean;
      /** `getItem` answers `undefined` for a missing key (react-native-mmkv, a `Map`). */
      undefinedWhenMissing?: boolean;
      /** `getItem` rejects (async) or throws (sync). */
      failReads?: boolean;
    } = {},
  ) {
    super(async);
  }

  override getItem(key: string) {
    if (this.mode.failReads) {
      if (this.async) return Promise.reject(new Error('read failed'));
      throw new Error('read failed');
    }
    const value = super.getItem(key);
    if (!this.mode.undefinedWhenMissing || this.items.has(key)) return value;
    return (this.async ? Promise.resolve(undefined) : undefined) as never;
  }

  override setItem(key: string, value: string) {
    if (this.mode.quota?.test(key)) throw new DOMException('full', 'QuotaExceededError');
    if (this.mode.hangWrites) return new Promise<void>(() => {});
    return super.setItem(key, value);
  }
}

/** An outbox over `storage`, attached offline; its `error` events land in `errors`. */
function offlineOutbox(storage: MemoryStorage) {
  const outbox = createOutbox({ storage });
  const errors: Error[] = [];
  outbox.on('error', (error) => errors.push(error));
  const host = offlineHost();
  outbox.attach(host);
  return { outbox, errors, host };
}

const codes = (errors: Error[]) => errors.map((e) => (e as { code?: string }).code);

describe.each([
  ['a sync storage', false],
  ['an async storage', true],
])('storages that misbehave, %s', (_name, async) => {
  it('takes back an entry whose listing failed (QuotaExceededError on the index): none left unlisted', async () => {
    const storage = new HostileStorage(async, { quota: /:index$/ });
    const { outbox, errors } = offlineOutbox(storage);
    await outbox.written(question('a'));
    expect(codes(errors)).toContain('outbox_storage_failed');
    expect(storage.entryKeys()).toEqual([]);
    expect((await outbox.pending()).map((e) => e.clientMessageId)).toEqual(['a']);
    outbox.close();
  });

  it('lists and finds again what it kept when getItem answers undefined for a missing key', async () => {
    const storage = new HostileStorage(async, { undefinedWhenMissing: true });
    const { outbox, errors } = offlineOutbox(storage);
    await outbox.written(question('a'));
    expect(errors).toEqual([]);
    expect(storage.listed()).toEqual(['a']);
    outbox.close();
    const restarted = offlineOutbox(storage);
    await expect.poll(() => restarted.host.sent).toEqual(['a']);
    expect((await restarted.outbox.pending()).map((e) => e.clientMessageId)).toEqual(['a']);
    restarted.outbox.close();
  });

  it('lets the question go within the time budget when setItem never settles, and says so', async () => {
    const storage = new HostileStorage(async, { hangWrites: true });
    const { outbox, errors } = offlineOutbox(storage);
    const started = Date.now();
    await outbox.written(question('a'));
    expect(Date.now() - started).toBeLessThan(4000);
    expect(codes(errors)).toContain('outbox_storage_failed');
    expect(errors.some((e) => /did not answer within 2000 ms/.test(e.message))).toBe(true);
    outbox.close();
  });

  it('reports reads that reject or throw, and still lists what it holds', async () => {
    const storage = new HostileStorage(async, { failReads: true });
    const { outbox, errors } = offlineOutbox(storage);
    await outbox.written(question('a'));
    expect((await outbox.pending()).map((e) => e.clientMessageId)).toEqual(['a']);
    expect(codes(errors)).toContain('outbox_storage_failed');
    outbox.close();
  });

  it('takes a cleared storage in its stride: what it holds is listed, and let go once accepted', async () => {
    const storage = new MemoryStorage(async);
    const { outbox, errors } = offlineOutbox(storage);
    await outbox.written(question('a'));
    storage.items.clear();
    expect((await outbox.pending()).map((e) => e.clientMessageId)).toEqual(['a']);
    outbox.accepted('a', {} as never);
    await expect.poll(() => outbox.pending()).toEqual([]);
    await expect.poll(() => [...storage.items.keys()]).toEqual([]);
    expect(errors).toEqual([]);
    outbox.close();
  });
});

describe('leases and clocks corrected either way', () => {
  const settings = (storage: MemoryStorage, now: number) => ({
    storage,
    owner: 'me',
    leaseMs: 15_000,
    now: () => now,
    timers: systemTimers,
  });
  const leaseFor = (storage: MemoryStorage, expiresAt: number) =>
    storage.items.set('k', JSON.stringify({ owner: 'other', expiresAt }));

  it('voids a lease that ends further ahead than its length (left by a clock that ran fast)', () =>
    withoutLocks(async () => {
      const storage = new MemoryStorage();
      leaseFor(storage, 1_000_000 + 3_600_000);
      const taken = await claim('k', settings(storage, 1_000_000));
      expect(taken).toBeDefined();
      taken?.release();
    }));

  it('respects a lease within its length (its holder renews it), and takes one expired', () =>
    withoutLocks(async () => {
      const storage = new MemoryStorage();
      leaseFor(storage, 1_000_000 + 10_000);
      expect(await claim('k', settings(storage, 1_000_000))).toBeUndefined();
      const later = await claim('k', settings(storage, 1_000_000 + 10_001));
      expect(later).toBeDefined();
      later?.release();
    }));
});

describe('order', () => {
  it('lists and replays in the order written, though the clock was set back between two questions', async () => {
    const storage = new MemoryStorage(true);
    const { outbox } = offlineOutbox(storage);
    await outbox.written(question('x', 'c1', '2026-01-01T00:00:10.000Z'));
    await outbox.written(question('y', 'c1', '2026-01-01T00:00:00.000Z'));
    expect((await outbox.pending()).map((e) => e.clientMessageId)).toEqual(['x', 'y']);
    outbox.close();
    const restarted = offlineOutbox(storage);
    await expect.poll(() => restarted.host.sent).toEqual(['x', 'y']);
    expect((await restarted.outbox.pending()).map((e) => e.clientMessageId)).toEqual(['x', 'y']);
    restarted.outbox.close();
  });

  it("lets a question asked as it starts go after its conversation's older kept questions", async () => {
    const storage = new MemoryStorage(true);
    await keptIn(storage, ['a', 'b', 'c']);
    const outbox = createOutbox({ storage });
    const released: string[] = [];
    // As the chat does: each question sent is written first, and leaves once written.
    const host = offlineHost();
    const written = (input: { clientMessageId?: string }) => {
      const id = input.clientMessageId ?? '';
      void Promise.resolve(outbox.written(question(id))).then(() => released.push(id));
      return {} as never;
    };
    outbox.attach({ ...host, chat: { ...host.chat, send: written } });
    written({ clientMessageId: 'new' });
    await expect.poll(() => released).toEqual(['a', 'b', 'c', 'new']);
    outbox.close();
  });
});

describe('two outboxes over one store', () => {
  it('through two storage objects in one realm (no Web Locks): each kept question is sent by one, once', async () => {
    const first = new MemoryStorage(true);
    await keptIn(first, ['a', 'b', 'c', 'd']);
    const second = new MemoryStorage(true);
    (second as { items: Map<string, string> }).items = first.items; // one store, two objects
    const [one, two] = [offlineOutbox(first), offlineOutbox(second)];
    const sent: string[] = [];
    for (const { outbox } of [one, two])
      outbox.on('sent', (entry) => sent.push(entry.clientMessageId));
    await expect
      .poll(() => [...one.host.sent, ...two.host.sent].sort())
      .toEqual(['a', 'b', 'c', 'd']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...one.host.sent, ...two.host.sent]).toHaveLength(4);
    for (const id of ['a', 'b', 'c', 'd']) {
      one.outbox.accepted(id, {} as never);
      two.outbox.accepted(id, {} as never);
    }
    expect(sent.sort()).toEqual(['a', 'b', 'c', 'd']); // 'sent' once per entry
    one.outbox.close();
    two.outbox.close();
  });
});

describe('whenSent', () => {
  it('settles once: with the stream when accepted, outbox_discarded when discarded, the error when refused for good', async () => {
    const { outbox } = offlineOutbox(new MemoryStorage(true));
    for (const id of ['a', 'b', 'c']) await outbox.written(question(id));
    const [a, b, c] = ['a', 'b', 'c'].map((id) => outbox.whenSent(id));
    const stream = {} as never;
    outbox.accepted('a', stream);
    expect(await a).toBe(stream);
    expect(await outbox.discard('b')).toBe(true);
    await expect(b).rejects.toMatchObject({ code: 'outbox_discarded' });
    const refusal = new PartnerApiError({
      status: 404,
      code: 'not_found',
      message: 'gone',
      retryable: false,
    });
    outbox.refused('c', refusal);
    await expect(c).rejects.toBe(refusal);
    outbox.close();
  });
});
