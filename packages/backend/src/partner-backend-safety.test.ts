import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { backendWith, envelope, fakeApi, json, SECRET, TOKEN } from '../test/support/fake-api.ts';

describe('PartnerBackend configuration', () => {
  it('refuses a base URL that is not absolute or carries credentials', () => {
    const fetch = fakeApi(() => json(TOKEN)).fetch;
    expect(() => backendWith(fetch, { baseUrl: 'api.example.com' })).toThrow(/baseUrl/);
    const error = (() => {
      try {
        backendWith(fetch, { baseUrl: `https://client-1:${SECRET}@api.example.com` });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/must not contain credentials/);
    expect(error?.message).not.toContain(SECRET);
  });

  it('keeps a path prefix of the base URL', async () => {
    const api = fakeApi(() => json(TOKEN));
    const { backend } = backendWith(api.fetch, { baseUrl: 'https://gw.example.com/assistant/' });
    await backend.issueToken({ externalUserId: 'u' });
    expect(api.requests[0]!.url).toBe('https://gw.example.com/assistant/api/partners/v1/tokens');
  });
});

describe('PartnerBackend browser guard', () => {
  it('refuses a browser unless dangerouslyAllowBrowser is set, explaining why', () => {
    vi.stubGlobal('window', {});
    try {
      const fetch = fakeApi(() => json(TOKEN)).fetch;
      expect(() => backendWith(fetch)).toThrow(/client secret.*can be read by its users/s);
      expect(() => backendWith(fetch)).toThrow(
        expect.objectContaining({ name: 'PartnerConfigurationError' }),
      );
      expect(() => backendWith(fetch, { dangerouslyAllowBrowser: true })).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses React Native', () => {
    vi.stubGlobal('navigator', { product: 'ReactNative' });
    try {
      expect(() => backendWith(fakeApi(() => json(TOKEN)).fetch)).toThrow(/React Native/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('secret redaction', () => {
  it('keeps the secret out of inspect, JSON, errors and log lines', async () => {
    const lines: string[] = [];
    const logger = {
      debug: (message: string, context: unknown) =>
        lines.push(message + inspect(context, { depth: 10 })),
      warn: (message: string, context: unknown) =>
        lines.push(message + inspect(context, { depth: 10 })),
    };
    const api = fakeApi(
      () => envelope(503, 'queue_unavailable', true),
      () => Promise.reject(new TypeError('fetch failed')),
      () => envelope(401, 'unauthorized', false),
    );
    const { backend } = backendWith(api.fetch, { logger, maxRetries: 1 });
    const errors = [
      await backend.issueToken({ externalUserId: 'u' }).catch((e: unknown) => e),
      await backend.eraseUser('u').catch((e: unknown) => e),
      await backend.issueToken({ externalUserId: 'x'.repeat(300) }).catch((e: unknown) => e),
    ];
    const basic = btoa(`client-1:${SECRET}`);
    const outputs = [
      inspect(backend, { depth: 10, showHidden: true }),
      JSON.stringify(backend),
      String(backend),
      ...errors.flatMap((e) => [
        inspect(e, { depth: 10, showHidden: true }),
        JSON.stringify(e),
        String(e),
      ]),
      ...lines,
    ];
    expect(lines.length).toBeGreaterThan(0);
    expect(errors.every((e) => e instanceof Error)).toBe(true);
    for (const output of outputs) {
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(basic);
    }
    expect(inspect(backend)).toContain('client-1');
  });
});
