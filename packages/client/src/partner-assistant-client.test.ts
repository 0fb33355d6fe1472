import { isPartnerApiError as backendIsPartnerApiError } from '@partner-assistant/backend';
import { OPERATIONS } from '@partner-assistant/contract';
import { describe, expect, it } from 'vitest';
import { isPartnerConfigurationError, PartnerApiError, PartnerAssistantClient } from './index.ts';
import { ROUTES } from './internal/routes.ts';

describe('PartnerAssistantClient options', () => {
  it('has client.outbox without the outbox option: nothing kept, nothing to discard', async () => {
    const client = new PartnerAssistantClient({
      baseUrl: 'https://assistant.example.com',
      token: 't',
    });
    await expect(client.outbox.pending()).resolves.toEqual([]);
    await expect(client.outbox.discard('key-1')).resolves.toBe(false);
    const stop = client.outbox.on('error', () => {});
    stop();
    await client.close();
  });

  it('derives the API URL from baseUrl', () => {
    const client = new PartnerAssistantClient({
      baseUrl: 'https://assistant.example.com/',
      token: 't',
    });
    expect(client.apiUrl).toBe('https://assistant.example.com/api/partners/v1');
  });

  it.each([
    [
      { baseUrl: 'https://assistant.example.com/api/partners/v1', token: 't' },
      /must not include \/api\/partners\/v1.*https:\/\/assistant\.example\.com/,
    ],
    [{ baseUrl: 'assistant.example.com', token: 't' }, /absolute http\(s\) URL/],
    [{ baseUrl: 'https://user:pw@assistant.example.com', token: 't' }, /credentials/],
    [{ baseUrl: 'https://assistant.example.com', token: '' }, /`token`/],
    [{ baseUrl: 'https://assistant.example.com', token: 't', maxRetries: -1 }, /maxRetries/],
  ])('refuses %j with a message that says what is wrong', (options, message) => {
    let error: unknown;
    try {
      new PartnerAssistantClient(options);
    } catch (caught) {
      error = caught;
    }
    expect(isPartnerConfigurationError(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('reads no global at construction: fetch is looked up when a request is sent', async () => {
    const original = globalThis.fetch;
    const client = new PartnerAssistantClient({
      baseUrl: 'https://assistant.example.com',
      token: 't',
      maxRetries: 0,
    });
    const seen: string[] = [];
    globalThis.fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ api_version: 'v1' }), { status: 200 });
    };
    try {
      await client.capabilities.get().catch(() => {}); // the body is not a full capabilities one
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['https://assistant.example.com/api/partners/v1/capabilities']);
  });
});

describe('one error family', () => {
  it("the backend SDK's guard recognises the client's errors", () => {
    const error = new PartnerApiError({
      status: 429,
      code: 'rate_limit_exceeded',
      message: 'x',
      retryable: true,
    });
    expect(backendIsPartnerApiError(error, 'rate_limit_exceeded')).toBe(true);
  });
});

describe('routes', () => {
  it.each(Object.entries(ROUTES))('%s is spelled as in the contract', (name, [method, path]) => {
    const operation = OPERATIONS[name as keyof typeof OPERATIONS];
    // The path parameter is named as the SDK argument: `{turnId}` for `{turn_id}`.
    const contractPath = path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    expect({ method, path: contractPath }).toEqual({
      method: operation.method,
      path: operation.path,
    });
  });
});
