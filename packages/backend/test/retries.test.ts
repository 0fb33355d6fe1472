import type { OperationName } from '@partner-assistant/contract';
import { abortableSleep } from '@partner-assistant/sdk-core/internal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isPartnerApiError, isPartnerTimeoutError } from '../src/index.ts';
import {
  backendFor,
  newExternalUserId,
  PARTNER_LIMITED,
  type ReferenceServer,
  startServer,
} from './reference-server.ts';

// Statuses the journal records for `operation` from now on.
async function journalSince(
  journal: ReferenceServer['control']['journal'],
  operation: OperationName,
) {
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
    server.control.faults.setLatency(null);
    await server.control.reset();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('retries 429 rate_limit_exceeded, waiting what Retry-After says', async () => {
    const { faults, journal } = server.control;
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

  it('retries 503 on erasure (idempotent), really sleeping the Retry-After', async () => {
    const { faults, journal } = server.control;
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
    // A frozen clock at the start of a minute: the window cannot turn between the calls, and it
    // resets exactly 60 s later.
    const frozen = await startServer({ clock: 'manual', startAt: '2026-11-21T09:00:00.000Z' });
    try {
      const exhausting = backendFor(frozen, PARTNER_LIMITED, { maxRetries: 0 }).backend;
      const externalUserId = newExternalUserId('limited');
      await exhausting.issueToken({ externalUserId });
      await exhausting.issueToken({ externalUserId });
      await expect(exhausting.issueToken({ externalUserId })).rejects.toMatchObject({
        status: 429,
      });

      const impatient = backendFor(frozen, PARTNER_LIMITED, { maxRetryAfterMs: 500 });
      await expect(impatient.backend.issueToken({ externalUserId })).rejects.toMatchObject({
        status: 429,
      });
      expect(impatient.waits).toEqual([]);

      // The recorded sleep returns at once, so the retry meets the same window and fails again.
      const { backend, waits } = backendFor(frozen, PARTNER_LIMITED, { maxRetries: 1 });
      const error = await backend.issueToken({ externalUserId }).catch((e: unknown) => e);
      expect(isPartnerApiError(error, 'rate_limit_exceeded')).toBe(true);
      expect(waits).toEqual([60_000]);
    } finally {
      await frozen.close();
    }
  });

  it('per-call maxRetries, timeoutMs and headers replace the SDK settings for that call', async () => {
    const { faults, journal } = server.control;
    const statuses = await journalSince(journal, 'eraseUser');
    await faults.injectErrors({ count: 1, code: 'queue_unavailable', operation: 'eraseUser' });
    const sent: Headers[] = [];
    const { backend } = backendFor(server, undefined, {
      maxRetries: 3,
      defaultHeaders: { 'X-Deployment': 'blue' },
      fetch: (input, init) => {
        sent.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    const externalUserId = newExternalUserId('per-call');
    const refused = await backend.eraseUser(externalUserId, { maxRetries: 0 }).catch((e) => e);
    expect(isPartnerApiError(refused, 'queue_unavailable')).toBe(true);
    expect(await statuses()).toEqual([503]);

    faults.setLatency({ ms: 200 });
    const lateAnswers = await journalSince(journal, 'issueToken');
    const late = backend.issueToken({ externalUserId }, { timeoutMs: 20, maxRetries: 0 });
    expect(isPartnerTimeoutError(await late.catch((e: unknown) => e))).toBe(true);
    faults.setLatency(null);
    // The server still answers the abandoned request once its latency has passed: wait for it,
    // so that it lands in this test's journal, not in the next one's.
    for (let tries = 0; tries < 200 && (await lateAnswers()).length === 0; tries++)
      await abortableSleep(10);
    expect(await lateAnswers()).toHaveLength(1);

    await backend.eraseUser(externalUserId, { headers: { 'X-Request-Source': 'gdpr-job' } });
    expect(sent.at(-1)?.get('x-deployment')).toBe('blue');
    expect(sent.at(-1)?.get('x-request-source')).toBe('gdpr-job');
    expect(sent.at(-1)?.get('authorization')).toMatch(/^Basic /);
    await expect(
      backend.eraseUser(externalUserId, { headers: { Authorization: 'Basic other' } }),
    ).rejects.toThrow('Authorization is set by the SDK');
    expect(sent).toHaveLength(3);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { faults, journal } = server.control;
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
    const statuses = server.control.journal.entries({ kind: 'http' }).map((entry) => entry.status);
    expect(statuses.filter((status) => status === 422 || status === 401)).toHaveLength(2);
  });

  it('times out a slow attempt', async () => {
    const { faults } = server.control;
    await faults.setLatency({ ms: 1000 });
    const { backend } = backendFor(server, undefined, { timeoutMs: 50, maxRetries: 0 });
    const error = await backend
      .issueToken({ externalUserId: newExternalUserId('slow') })
      .catch((e: unknown) => e);
    expect(isPartnerTimeoutError(error)).toBe(true);
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const { faults } = server.control;
    await faults.setLatency({ ms: 1000 });
    const { backend } = backendFor(server);
    const controller = new AbortController();
    const reason = new Error('request cancelled by the caller');
    const pending = backend.eraseUser(newExternalUserId('abort'), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
  });
});
