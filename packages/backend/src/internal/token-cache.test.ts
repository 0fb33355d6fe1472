import type { Token } from '@partner-assistant/contract';
import { describe, expect, it, vi } from 'vitest';
import { TokenCache } from './token-cache.ts';

const start = Date.parse('2026-11-21T10:00:00.000Z');

function tokenFor(id: string, expiresInMs: number, now: number): Token {
  return {
    access_token: `token-${id}-${now}`,
    token_type: 'Bearer',
    expires_in: expiresInMs / 1000,
    expires_at: new Date(now + expiresInMs).toISOString(),
    scopes: ['chat:read'],
    user: { id },
  };
}

function setup(safetyMarginMs = 60_000) {
  let now = start;
  const cache = new TokenCache({ safetyMarginMs }, () => now);
  const issue = vi.fn(async () => tokenFor('u', 900_000, now));
  return { cache, issue, advance: (ms: number) => (now += ms) };
}

describe('TokenCache', () => {
  it('reuses a token until the safety margin before its expiry', async () => {
    const { cache, issue, advance } = setup(60_000);
    const first = await cache.get('user-1', '', issue);
    advance(839_000);
    expect(await cache.get('user-1', '', issue)).toBe(first);
    advance(1000); // now exactly 60 s before expiry
    const second = await cache.get('user-1', '', issue);
    expect(second).not.toBe(first);
    expect(issue).toHaveBeenCalledTimes(2);
  });

  it('shares one issuance between concurrent calls for the same user', async () => {
    const { cache, issue } = setup();
    const tokens = await Promise.all([1, 2, 3].map(() => cache.get('user-1', '', issue)));
    expect(issue).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);
    await cache.get('user-2', '', issue);
    expect(issue).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failure: the next call issues again', async () => {
    const { cache, issue } = setup();
    const failing = vi.fn().mockRejectedValue(new Error('down'));
    const concurrent = [cache.get('user-1', '', failing), cache.get('user-1', '', failing)];
    await expect(Promise.all(concurrent)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(cache.get('user-1', '', issue)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('forgets a user on delete, including an issuance still under way', async () => {
    const { cache, issue } = setup();
    await cache.get('user-1', '', issue);
    cache.delete('user-1');
    await cache.get('user-1', '', issue);
    expect(issue).toHaveBeenCalledTimes(2);

    const pending = cache.get('user-2', '', issue);
    cache.delete('user-2');
    await pending;
    await cache.get('user-2', '', issue);
    expect(issue).toHaveBeenCalledTimes(4);
  });

  it('issues again when the locale or time zone differs', async () => {
    const { cache, issue } = setup();
    await cache.get('user-1', 'fr-FR|', issue);
    await cache.get('user-1', 'en-GB|', issue);
    expect(issue).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest user beyond maxEntries', async () => {
    const cache = new TokenCache({ maxEntries: 2 }, () => start);
    const issue = vi.fn(async () => tokenFor('u', 900_000, start));
    for (const id of ['a', 'b', 'c']) await cache.get(id, '', issue);
    expect(cache.size).toBe(2);
    await cache.get('a', '', issue);
    expect(issue).toHaveBeenCalledTimes(4);
  });

  it('dropRefused: drops the held token only, never an issuance under way', async () => {
    const { cache, issue } = setup();
    const held = await cache.get('user-1', '', issue);
    expect(cache.dropRefused('user-1', `${held.access_token}x`)).toBe(false);
    expect(cache.dropRefused('user-2', held.access_token)).toBe(false);
    expect(cache.dropRefused('user-1', held.access_token)).toBe(true);
    const pending = cache.get('user-1', '', issue);
    expect(cache.dropRefused('user-1', held.access_token)).toBe(false);
    expect(await cache.get('user-1', '', issue)).toBe(await pending);
    expect(issue).toHaveBeenCalledTimes(2);
  });
});
