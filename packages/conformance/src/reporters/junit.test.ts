import { describe, expect, it } from 'vitest';
import { formatJunit } from './junit.ts';
import { SAMPLE_REPORT } from './report.test-support.ts';

describe('formatJunit', () => {
  it('writes one suite per group, escaped, with failures and skips counted', () => {
    const xml = formatJunit(SAMPLE_REPORT);
    expect(xml).toContain(
      '<testsuites name="Partner Assistant API conformance" tests="4" failures="2" skipped="1" errors="0" time="1.500"',
    );
    expect(xml).toContain(
      '<testsuite name="Errors and envelope" tests="2" failures="2" skipped="0"',
    );
    expect(xml).toContain('Checks: The &lt;same&gt; &quot;envelope&quot; &amp; more</failure>');
    expect(xml).toContain('<skipped message="needs an application"/>');
    expect(xml).not.toContain('\u0007');
    expect(xml.indexOf('Tokens')).toBeLessThan(xml.indexOf('Tenancy and isolation'));
  });

  it('says which kind each failure is: in its type, its message and its text', () => {
    const xml = formatJunit(SAMPLE_REPORT);
    expect(xml).toContain(
      '<failure message="specification: request_id missing &lt;here&gt;" type="specification">',
    );
    expect(xml).toContain('Kind: specification (the deployment breaks a promise');
    expect(xml).toContain('<failure message="decision: X-Request-Id is absent" type="decision">');
    expect(xml).toContain('Kind: decision (one of our recorded decisions, not a promise');
  });
});
