import { describe, expect, it } from 'vitest';
import { describeNetworkFailure } from './network-failure.ts';

const URL = 'http://localhost:4010/api/partners/v1/tokens';
const failed = (cause?: unknown) => Object.assign(new TypeError('fetch failed'), { cause });

describe('describeNetworkFailure', () => {
  it('takes the words of an aggregate cause from its parts (IPv4 and IPv6 both refused)', () => {
    const cause = Object.assign(
      new AggregateError([
        new Error('connect ECONNREFUSED ::1:4010'),
        new Error('connect ECONNREFUSED 127.0.0.1:4010'),
      ]),
      { code: 'ECONNREFUSED' },
    );
    expect(describeNetworkFailure(failed(cause), URL)).toBe(
      `the request to ${URL} failed: connect ECONNREFUSED ::1:4010; connect ECONNREFUSED 127.0.0.1:4010 (nothing listens there)`,
    );
  });

  it("names a certificate problem as TLS, with OpenSSL's reason when there is one", () => {
    const cause = Object.assign(new Error('self-signed certificate'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(describeNetworkFailure(failed(cause), URL)).toBe(
      `the request to ${URL} failed: TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)`,
    );
  });

  it("falls back to the error's own message without a cause", () => {
    expect(describeNetworkFailure(failed(), URL)).toBe(
      `the request to ${URL} failed: fetch failed`,
    );
    expect(describeNetworkFailure('down', URL)).toBe(
      `the request to ${URL} failed: no cause given`,
    );
  });
});
