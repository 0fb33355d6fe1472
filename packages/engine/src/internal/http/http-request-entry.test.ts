import { errorEnvelopeSchema } from '@partner-assistant/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../config/demo-config.ts';
import { parseReferenceConfig } from '../config/parse-reference-config.ts';
import { createReferenceEngine } from '../runtime/reference-engine.ts';
import { readQuery, readRequestBody } from './http-request-entry.ts';

describe('readRequestBody and readQuery', () => {
  it('tells absent, JSON, other media types and malformed JSON apart', () => {
    expect(readRequestBody(undefined, undefined)).toEqual({ kind: 'absent' });
    expect(readRequestBody('{"a":1}', 'application/json; charset=utf-8')).toEqual({
      kind: 'json',
      value: { a: 1 },
    });
    expect(readRequestBody('a=1', 'application/x-www-form-urlencoded')).toMatchObject({
      kind: 'refused',
      error: { code: 'unsupported_media_type' },
    });
    expect(readRequestBody('{', 'application/json')).toMatchObject({
      kind: 'refused',
      error: { code: 'invalid_request' },
    });
  });

  it('keeps repeated query parameters', () => {
    expect(readQuery('limit=1&limit=2&offset=0')).toEqual({ limit: ['1', '2'], offset: '0' });
  });
});

describe('property: any HTTP request', () => {
  // 3,000 generated requests: seconds of CPU, more on a busy machine.
  it('gets a non-5xx answer, with the envelope on every error', { timeout: 30_000 }, () => {
    const engine = createReferenceEngine({ config: parseReferenceConfig(DEMO_CONFIG) });
    const issued = engine.handleHttp({
      method: 'POST',
      path: '/api/partners/v1/tokens',
      search: '',
      authorization: `Basic ${btoa('demo-sandbox:demo-sandbox-secret')}`,
      contentType: 'application/json',
      body: '{"external_user_id":"fuzz"}',
    });
    const token = (issued.response.body as { access_token: string }).access_token;
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD'),
      path: fc.oneof(
        fc.constantFrom(
          '/api/partners/v1/conversations',
          '/api/partners/v1/tokens',
          '/api/partners/v1/capabilities',
        ),
        fc
          .tuple(
            fc.constantFrom(
              '/api/partners/v1/conversations/',
              '/api/partners/v1/turns/',
              '/api/partners/v1/messages/',
              '/api/partners/v1/users/',
            ),
            fc.oneof(fc.uuid(), fc.string()),
            fc.constantFrom('', '/messages', '/feedback'),
          )
          .map((parts) => parts.join('')),
        fc.webPath(),
      ),
      search: fc.string(),
      authorization: fc.oneof(
        fc.constant(`Bearer ${token}`),
        fc.constant(`Basic ${btoa('demo-sandbox:demo-sandbox-secret')}`),
        fc.string(),
      ),
      contentType: fc.constantFrom('application/json', 'text/plain', undefined),
      body: fc.oneof(
        fc.constant(undefined),
        fc.string(),
        fc.json(),
        fc.jsonValue().map((value) => JSON.stringify(value)),
      ),
    });
    fc.assert(
      fc.property(request, (input) => {
        const { response } = engine.handleHttp(input);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400)
          expect(errorEnvelopeSchema.safeParse(response.body).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
    engine.shutdown();
  });
});
