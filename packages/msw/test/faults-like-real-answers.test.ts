/**
 * Injected errors and `HEAD` requests, written once, on the reference server (real sockets) and
 * the msw handlers: an injected 429 or 503 carries the headers a real one does, and `HEAD` answers
 * what `GET` would, without the body.
 */
import { PATH_PREFIX } from '@partner-assistant/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantAndToken } from './support/api-calls.ts';
import { type RunningSetup, SETUPS } from './support/suite-setups.ts';

const HEADERS = ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

interface RawAnswer {
  status: number;
  headers: Record<string, string | null>;
  text: string;
}

describe.each(SETUPS)('$name', (setup) => {
  let running: RunningSetup;
  beforeAll(async () => {
    running = await setup.start();
  });
  afterAll(() => running.close());

  async function capabilities(method: string, token?: string): Promise<RawAnswer> {
    const response = await fetch(`${running.baseUrl}${PATH_PREFIX}/capabilities`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const headers = Object.fromEntries(
      [...HEADERS, 'content-type', 'x-request-id', 'allow'].map((name) => [
        name,
        response.headers.get(name),
      ]),
    );
    return { status: response.status, headers, text: await response.text() };
  }
  const rateHeaders = (answer: RawAnswer) =>
    Object.fromEntries(HEADERS.map((name) => [name, answer.headers[name]]));
  /** A token of a new tenant allowed `requestsPerMinute`, whose next `count` requests answer `code`. */
  async function tokenWithInjected(
    requestsPerMinute: number,
    count: number,
    code: 'rate_limit_exceeded' | 'queue_unavailable',
  ): Promise<string> {
    const limits = { requests_per_minute: requestsPerMinute };
    const { tenant, token } = await tenantAndToken(running.baseUrl, running.control, { limits });
    running.control.faults.injectErrors({ count, code, tenant: tenant.clientId });
    return token;
  }

  it('an injected 429 armed without Retry-After carries the headers of a real 429', async () => {
    const token = await tokenWithInjected(3, 1, 'rate_limit_exceeded');
    const injected = await capabilities('GET', token);
    expect(injected.status).toBe(429);
    let real = await capabilities('GET', token);
    while (real.status === 200) real = await capabilities('GET', token);
    expect(real.status).toBe(429);
    expect(rateHeaders(injected)).toEqual(rateHeaders(real));
    expect(injected.headers['ratelimit-remaining']).toBe('0');
    expect(injected.headers['retry-after']).toBe(injected.headers['ratelimit-reset']);
  });

  it('an injected 429 is not counted: the window keeps every request it had', async () => {
    const token = await tokenWithInjected(10, 2, 'rate_limit_exceeded');
    await capabilities('GET', token);
    await capabilities('GET', token);
    // Token issuance counted once; this request is the second.
    expect((await capabilities('GET', token)).headers['ratelimit-remaining']).toBe('8');
  });

  it('an injected 503 armed without Retry-After waits 1 s, with the caller`s RateLimit-*', async () => {
    const token = await tokenWithInjected(10, 1, 'queue_unavailable');
    const answer = await capabilities('GET', token);
    expect(answer.status).toBe(503);
    expect(rateHeaders(answer)).toMatchObject({
      'retry-after': '1',
      'ratelimit-limit': '10',
      'ratelimit-remaining': '9',
    });
    running.control.faults.injectErrors({ count: 1, code: 'queue_unavailable' });
    const anonymous = await capabilities('GET');
    expect(anonymous.status).toBe(503);
    expect(rateHeaders(anonymous)).toEqual({
      'retry-after': '1',
      'ratelimit-limit': null,
      'ratelimit-remaining': null,
      'ratelimit-reset': null,
    });
  });

  it('answers HEAD on a GET route with the status and headers of GET, and no body', async () => {
    const { token } = await tenantAndToken(running.baseUrl, running.control);
    const get = await capabilities('GET', token);
    const head = await capabilities('HEAD', token);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['ratelimit-limit']).toBe(get.headers['ratelimit-limit']);
    expect(head.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await capabilities('PUT', token);
    expect([refused.status, refused.headers.allow]).toEqual([405, 'GET, HEAD']);
  });
});
