import { describe, expect, it, vi } from 'vitest';
import {
  backendWith,
  envelope,
  fakeApi,
  json,
  REQUEST_ID,
  SECRET,
  TOKEN,
} from '../test/support/fake-api.ts';
import { PartnerApiError } from './index.ts';

describe('PartnerBackend.issueToken', () => {
  it('posts the input with HTTP Basic and returns the Token', async () => {
    const api = fakeApi(() => json(TOKEN));
    const { backend } = backendWith(api.fetch);
    const token = await backend.issueToken({
      externalUserId: 'user-42',
      locale: 'fr-FR',
      timezone: 'Europe/Paris',
    });
    expect(token).toEqual(TOKEN);
    const [request] = api.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('https://api.example.com/api/partners/v1/tokens');
    expect(request!.headers.get('authorization')).toBe(`Basic ${btoa(`client-1:${SECRET}`)}`);
    expect(await request!.json()).toEqual({
      external_user_id: 'user-42',
      locale: 'fr-FR',
      timezone: 'Europe/Paris',
    });
  });

  it('refuses bad input before any request, naming every bad field', async () => {
    const api = fakeApi(() => json(TOKEN));
    const { backend } = backendWith(api.fetch);
    const error = await backend
      .issueToken({
        externalUserId: 'x'.repeat(256),
        locale: 'not a locale',
        timezone: 'Mars/Olympus',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PartnerValidationError', retryable: false });
    expect((error as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual([
      'externalUserId',
      'locale',
      'timezone',
    ]);
    await expect(backend.issueToken({ externalUserId: '' })).rejects.toThrow(/externalUserId/);
    await expect(backend.issueToken({ externalUserId: '..' })).rejects.toThrow(/externalUserId/);
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('maps the error envelope, and does not retry a 4xx', async () => {
    const api = fakeApi(() => envelope(401, 'unauthorized', false));
    const { backend } = backendWith(api.fetch);
    const error = await backend.issueToken({ externalUserId: 'u' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      retryable: false,
      requestId: REQUEST_ID,
      message: 'unauthorized happened',
    });
    expect(api.requests).toHaveLength(1);
  });

  it('retries 429 and 503, waiting what Retry-After says, then succeeds', async () => {
    const api = fakeApi(
      () => envelope(429, 'rate_limit_exceeded', true, { 'retry-after': '1' }),
      () => envelope(503, 'queue_unavailable', true),
      () => json(TOKEN),
    );
    const { backend, waits } = backendWith(api.fetch);
    await expect(backend.issueToken({ externalUserId: 'u' })).resolves.toEqual(TOKEN);
    expect(waits).toEqual([1000, 20]);
  });

  it('gives up after maxRetries with the last API error', async () => {
    const api = fakeApi(() => envelope(503, 'queue_unavailable', true));
    const { backend } = backendWith(api.fetch, { maxRetries: 1 });
    await expect(backend.issueToken({ externalUserId: 'u' })).rejects.toMatchObject({
      code: 'queue_unavailable',
      retryable: true,
    });
    expect(api.requests).toHaveLength(2);
  });

  it('turns a failed connection into PartnerNetworkError, after retrying it', async () => {
    const api = fakeApi(() =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })),
    );
    const { backend, waits } = backendWith(api.fetch);
    const error = await backend.issueToken({ externalUserId: 'u' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PartnerNetworkError', retryable: true });
    expect(String((error as Error).message)).toContain('ECONNREFUSED');
    expect(waits).toEqual([10, 20]);
  });

  it('turns a slow attempt into PartnerTimeoutError', async () => {
    const hang = () => new Promise<Response>(() => {});
    const api = fakeApi(hang);
    const { backend } = backendWith(api.fetch, { timeoutMs: 20, maxRetries: 1 });
    await expect(backend.issueToken({ externalUserId: 'u' })).rejects.toMatchObject({
      name: 'PartnerTimeoutError',
      timeoutMs: 20,
    });
    expect(api.requests).toHaveLength(2);
  });

  it('rejects with the abort reason and stops retrying when the signal aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const api = fakeApi(() => {
      controller.abort(reason);
      return envelope(503, 'queue_unavailable', true);
    });
    const { backend } = backendWith(api.fetch);
    await expect(
      backend.issueToken({ externalUserId: 'u' }, { signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(api.requests).toHaveLength(1);
  });

  it('reports a success body that breaks the contract', async () => {
    const api = fakeApi(() => json({ access_token: 'x' }));
    const { backend } = backendWith(api.fetch);
    await expect(backend.issueToken({ externalUserId: 'u' })).rejects.toMatchObject({
      code: 'invalid_response',
      status: 200,
    });
  });
});

describe('PartnerBackend responses without an envelope', () => {
  it("retries a proxy's 502 page as internal_error, and reports it if it persists", async () => {
    const page = () =>
      new Response('<html>Bad gateway</html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      });
    const api = fakeApi(page);
    const { backend } = backendWith(api.fetch, { maxRetries: 1 });
    await expect(backend.issueToken({ externalUserId: 'u' })).rejects.toMatchObject({
      status: 502,
      code: 'internal_error',
      retryable: true,
    });
    expect(api.requests).toHaveLength(2);
  });
});

describe('PartnerBackend token cache', () => {
  it('shares one issuance between concurrent callers; one abort stops only its own wait', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { backend } = backendWith(api.fetch, {
      tokenCache: true,
      now: () => Date.parse('2026-11-21T10:00:00.000Z'),
    });
    const controller = new AbortController();
    const leaving = backend.issueToken({ externalUserId: 'u' }, { signal: controller.signal });
    const staying = backend.issueToken({ externalUserId: 'u' });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    controller.abort(new Error('left'));
    await expect(leaving).rejects.toThrow('left');
    answer(json(TOKEN));
    await expect(staying).resolves.toEqual(TOKEN);
    await expect(backend.issueToken({ externalUserId: 'u' })).resolves.toEqual(TOKEN);
    expect(api.requests).toHaveLength(1);
  });
});

describe('PartnerBackend.eraseUser', () => {
  it('deletes the percent-encoded user and answers { deleted: true }', async () => {
    const api = fakeApi(() => json({ deleted: true }));
    const { backend } = backendWith(api.fetch);
    await expect(backend.eraseUser('team/42 é?')).resolves.toEqual({ deleted: true });
    expect(api.requests[0]!.method).toBe('DELETE');
    expect(api.requests[0]!.url).toBe(
      'https://api.example.com/api/partners/v1/users/team%2F42%20%C3%A9%3F',
    );
  });

  it('retries a network failure (erasure is idempotent)', async () => {
    const api = fakeApi(
      () => Promise.reject(new TypeError('fetch failed')),
      () => json({ deleted: true }),
    );
    const { backend } = backendWith(api.fetch);
    await expect(backend.eraseUser('u')).resolves.toEqual({ deleted: true });
    expect(api.requests).toHaveLength(2);
  });

  it('drops the cached token of the erased user', async () => {
    const api = fakeApi((request) =>
      request.method === 'DELETE' ? json({ deleted: true }) : json(TOKEN),
    );
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    const { backend } = backendWith(api.fetch, { tokenCache: true, now: () => now });
    await backend.issueToken({ externalUserId: 'u' });
    await backend.issueToken({ externalUserId: 'u' });
    expect(api.requests).toHaveLength(1);
    await backend.eraseUser('u');
    await backend.issueToken({ externalUserId: 'u' });
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'DELETE', 'POST']);
  });
});

describe('PartnerBackend reads answers that carry only what the specification promises', () => {
  it('a token of the six promised fields (user.id any string) is returned as it came', async () => {
    const promised = {
      access_token: 'opaque',
      token_type: 'Bearer',
      expires_in: 600,
      expires_at: '2026-11-21T10:10:00.000Z',
      scopes: ['chat:read'],
      user: { id: 'USR-42' },
    };
    const { backend } = backendWith(fakeApi(() => json(promised)).fetch);
    await expect(backend.issueToken({ externalUserId: 'user-42' })).resolves.toEqual(promised);
  });

  it('an erasure answer of { deleted: true } alone, and one with fields of a later version', async () => {
    const api = fakeApi(
      () => json({ deleted: true }),
      () => json({ deleted: true, erased_conversations: 3 }),
    );
    const { backend } = backendWith(api.fetch);
    await expect(backend.eraseUser('u')).resolves.toEqual({ deleted: true });
    await expect(backend.eraseUser('u')).resolves.toMatchObject({ deleted: true });
  });
});
