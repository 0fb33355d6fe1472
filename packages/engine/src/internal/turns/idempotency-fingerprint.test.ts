import { describe, expect, it } from 'vitest';
import { canonicalJson, submissionFingerprint } from './idempotency-fingerprint.ts';

describe('submissionFingerprint', () => {
  it('ignores key order and absent location, and tells different content apart', () => {
    const base = { conversationId: 'c', message: 'm', location: { city: 'Lyon', country: 'FR' } };
    expect(submissionFingerprint(base)).toBe(
      submissionFingerprint({ ...base, location: { country: 'FR', city: 'Lyon' } }),
    );
    expect(submissionFingerprint({ ...base, location: undefined })).not.toBe(
      submissionFingerprint(base),
    );
    expect(submissionFingerprint({ ...base, message: 'n' })).not.toBe(submissionFingerprint(base));
  });

  it('serializes nested values canonically', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe(
      '{"a":null,"b":[1,{"c":2,"d":1}]}',
    );
  });
});
