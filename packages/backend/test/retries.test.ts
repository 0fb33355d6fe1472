import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isPartnerApiError, isPartnerTimeoutError } from '../src/index.ts';
import { abortableSleep } from '../src/internal/abortable-sleep.ts';
import {
  backendFor,
  controlsOf,
  type JournalControl,
  newExternalUserId,
  PARTNER_LIMITED,
  type ReferenceServer,
  startServer,
} from './reference-server.ts';

// Statuses the journal records for `operation` from now on.
async function journalSince(journal: JournalControl, operation: string) {
  const before = (await journal.entries({ operation })).length;
  return async () =>
    (await journal.entries({ operation })).slice(before).map((entry) => entry.status);
}

describe('retries, timeout and abort against the reference server', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server.control.faults?.setLatency(null);
    await server.control.reset();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('retries 429 rate_limit_exceeded, waiting what Retry-After says', async ({ skip }) => {
    const { faults, journal } = controlsOf(server, skip);
    const statuses = await journalSince(journal, 'issueToken');
    await faults.injectErrors({
      count: 2,
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 1,
      operation: 'issueToken',
    });
    const { backend, waits } = backendFor(server);
    const token = await backend.issueToken({ externalUserId: newExternalUserId('retry429') });
    expect(token.token_type).toBe('Bearer');
    expect(waits).toEqual([1000, 1000]);
    expect(await statuses()).toEqual([429, 429, 200]);
  });

  it('retries 503 on erasure (idempotent), really sleeping the Retry-After', async ({ skip }) => {
    const { faults, journal } = controlsOf(server, skip);
    const statuses = await journalSince(journal, 'eraseUser');
    await faults.injectErrors({
      count: 1,
      code: 'queue_unavailable',
      retryAfterSeconds: 1,
      operation: 'eraseUser',
    });
    const waits: number[] = [];
    const { backend } = backendFor(server, undefined, {
      sleep: (ms, signal) => {
        waits.push(ms);
        return abortableSleep(ms, signal);
      },
    });
    await expect(backend.eraseUser(newExternalUserId('retry503'))).resolves.toEqual({
      deleted: true,
    });
    expect(waits).toEqual([1000]);
    expect(await statuses()).toEqual([503, 200]);
  });

  it("honours the Retry-After of the server's own rate limiter", async () => {
    const exhausting = backendFor(server, PARTNER_LIMITED, { maxRetries: 0 }).backend;
    const externalUserId = newExternalUserId('limited');
    // Spend the two requests of this minute (a few more in case the minute turns meanwhile).
    for (let i = 0; i < 5; i++) {
      const outcome = await exhausting.issueToken({ externalUserId }).catch((e: unknown) => e);
      if (isPartnerApiError(outcome, 'rate_limit_exceeded')) break;
    }
    const impatient = backendFor(server, PARTNER_LIMITED, { maxRetryAfterMs: 500 });
    await expect(impatient.backend.issueToken({ externalUserId })).rejects.toMatchObject({
      status: 429,
    });
    expect(impatient.waits).toEqual([]);

    // The recorded sleep returns at once, so the retry meets the same window and fails again.
    const { backend, waits } = backendFor(server, PARTNER_LIMITED, { maxRetries: 1 });
    const error = await backend.issueToken({ externalUserId }).catch((e: unknown) => e);
    expect(isPartnerApiError(error, 'rate_limit_exceeded')).toBe(true);
    expect(waits).toHaveLength(1);
    expect(waits[0]! % 1000).toBe(0);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
  });

  it('gives up after maxRetries with the last error', async ({ skip }) => {
    const { faults, journal } = controlsOf(server, skip);
    const statuses = await journalSince(journal, 'issueToken');
    await faults.injectErrors({ count: 5, code: 'internal_error', operation: 'issueToken' });
    const { backend, waits } = backendFor(server, undefined, { maxRetries: 2, backoff: () => 5 });
    const error = await backend
      .issueToken({ externalUserId: newExternalUserId('exhausted') })
      .catch((e: unknown) => e);
    expect(isPartnerApiError(error, 'internal_error')).toBe(true);
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(waits).toEqual([5, 5]);
    expect(await statuses()).toEqual([500, 500, 500]);
  });

  it('does not retry a 4xx', async () => {
    const { backend, waits } = backendFor(server, undefined, { validateInput: false });
    const wrongSecret = backendFor(server, { clientId: 'backend-test-a', clientSecret: 'nope' });
    await expect(backend.issueToken({ externalUserId: '' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(wrongSecret.backend.eraseUser('someone')).rejects.toMatchObject({ status: 401 });
    expect(waits).toEqual([]);
    expect(wrongSecret.waits).toEqual([]);
    const journal = server.control.journal;
    if (journal) {
      const statuses = (await journal.entries()).map((entry) => entry.status);
      expect(statuses.filter((status) => status === 422 || status === 401)).toHaveLength(2);
    }
  });

  it('times out a slow attempt', async ({ skip }) => {
    const { faults } = controlsOf(server, skip);
    await faults.setLatency({ ms: 1000 });
    const { backend } = backendFor(server, undefined, { timeoutMs: 50, maxRetries: 0 });
    const error = await backend
      .issueToken({ externalUserId: newExternalUserId('slow') })
      .catch((e: unknown) => e);
    expect(isPartnerTimeoutError(error)).toBe(true);
  });

  it('rejects with the abort reason when the caller aborts', async ({ skip }) => {
    const { faults } = controlsOf(server, skip);
    await faults.setLatency({ ms: 1000 });
    const { backend } = backendFor(server);
    const controller = new AbortController();
    const reason = new Error('request cancelled by the caller');
    const pending = backend.eraseUser(newExternalUserId('abort'), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });
});
