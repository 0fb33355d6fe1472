import { describe, expect, it } from 'vitest';
import { isPartnerConfigurationError } from '../errors/partner-configuration-error.ts';
import { withRequestOptions } from './request-options.ts';
import { resolveTransport } from './resolve-transport.ts';

const base = resolveTransport({
  timeoutMs: 5000,
  maxRetries: 2,
  defaultHeaders: { 'X-App-Version': '1.0', 'X-Trace-Id': 'default' },
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isPartnerConfigurationError(error)) return error.message;
  }
  throw new Error('expected a PartnerConfigurationError');
}

describe('withRequestOptions', () => {
  it('keeps the SDK settings for what a call leaves out', () => {
    const call = withRequestOptions(base, {});
    expect(call).toMatchObject({ timeoutMs: 5000, retry: { maxRetries: 2 } });
    expect(call.headers).toEqual({ 'x-app-version': '1.0', 'x-trace-id': 'default' });
  });

  it("puts a call's values over the SDK's, header names compared without case", () => {
    const call = withRequestOptions(base, {
      timeoutMs: 100,
      maxRetries: 0,
      headers: { 'X-TRACE-ID': 'call', 'X-Feature': 'beta' },
    });
    expect(call).toMatchObject({ timeoutMs: 100, retry: { maxRetries: 0 } });
    expect(call.headers).toEqual({
      'x-app-version': '1.0',
      'x-trace-id': 'call',
      'x-feature': 'beta',
    });
    expect(base.headers['x-trace-id']).toBe('default');
  });

  it.each([
    [{ timeoutMs: 0 }, '`timeoutMs` must be positive'],
    [{ timeoutMs: Number.NaN }, '`timeoutMs` must be positive'],
    [{ maxRetries: -1 }, '`maxRetries` must be an integer of at least 0'],
    [{ maxRetries: 0.5 }, '`maxRetries` must be an integer of at least 0'],
    [{ headers: { Authorization: 'Bearer x' } }, 'Authorization is set by the SDK'],
    [{ headers: { 'content-type': 'text/plain' } }, 'content-type is set by the SDK'],
    [{ headers: { Accept: '*/*' } }, 'Accept is set by the SDK'],
    [{ headers: { 'X Trace': 'a' } }, '"X Trace" is not a valid header name'],
    [{ headers: { 'X-Trace:': 'a' } }, '"X-Trace:" is not a valid header name'],
    [
      { headers: { 'X-Trace': 'a\r\nX-Injected: 1' } },
      'the value of X-Trace must be text without line breaks or characters beyond Latin-1',
    ],
    [
      { headers: { 'X-Mood': '\u{1F600}' } },
      'the value of X-Mood must be text without line breaks or characters beyond Latin-1',
    ],
  ])('refuses %j', (options, message) => {
    expect(refusal(() => withRequestOptions(base, options))).toBe(message);
  });

  it('keeps a Latin-1 value with tabs, and never quotes a refused value', () => {
    expect(
      withRequestOptions(base, { headers: { 'X-Name': 'Zo\u00eb\tA' } }).headers['x-name'],
    ).toBe('Zo\u00eb\tA');
    expect(
      refusal(() => withRequestOptions(base, { headers: { 'X-Key': 'secret\n' } })),
    ).not.toContain('secret');
  });

  it('checks the SDK options the same way', () => {
    expect(refusal(() => resolveTransport({ defaultHeaders: { AUTHORIZATION: 'x' } }))).toBe(
      'AUTHORIZATION is set by the SDK',
    );
    expect(refusal(() => resolveTransport({ maxRetries: -1 }))).toMatch(/maxRetries/);
  });
});
