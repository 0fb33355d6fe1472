import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../report.ts';
import { formatJunit } from './junit.ts';

const report: ConformanceReport = {
  baseUrl: 'http://127.0.0.1:1',
  wsUrl: 'ws://127.0.0.1:1',
  runPrefix: 'conformance-00000000',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1500,
  results: [
    {
      id: 'tokens.issue',
      group: 'tokens',
      title: 'Issue',
      rule: 'Response: Token object.',
      source: 'specification',
      status: 'passed',
      durationMs: 10,
    },
    {
      id: 'errors.envelope',
      group: 'errors',
      title: 'Envelope',
      rule: 'The <same> "envelope" & more',
      source: 'specification',
      status: 'failed',
      detail: 'request_id \u0007missing <here>',
      durationMs: 20,
    },
    {
      id: 'tenancy.other-partner',
      group: 'tenancy',
      title: 'Other',
      rule: 'Isolated.',
      source: 'specification',
      status: 'skipped',
      detail: 'needs an application',
      durationMs: 0,
    },
  ],
  summary: { passed: 1, failed: 1, skipped: 1 },
  cleanup: { erasedUsers: 3, failedErasures: 0 },
};

describe('formatJunit', () => {
  it('writes one suite per group, escaped, with failures and skips counted', () => {
    const xml = formatJunit(report);
    expect(xml).toContain(
      '<testsuites name="Partner Assistant API conformance" tests="3" failures="1" skipped="1" errors="0" time="1.500"',
    );
    expect(xml).toContain(
      '<testsuite name="Errors and envelope" tests="1" failures="1" skipped="0"',
    );
    expect(xml).toContain(
      '<failure message="request_id missing &lt;here&gt;" type="specification">',
    );
    expect(xml).toContain('Checks: The &lt;same&gt; &quot;envelope&quot; &amp; more</failure>');
    expect(xml).toContain('<skipped message="needs an application"/>');
    expect(xml).not.toContain('\u0007');
    expect(xml.indexOf('Tokens')).toBeLessThan(xml.indexOf('Tenancy and isolation'));
  });
});
