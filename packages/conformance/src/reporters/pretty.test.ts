import { describe, expect, it } from 'vitest';
import { formatPretty } from './pretty.ts';
import { SAMPLE_REPORT } from './report.test-support.ts';

describe('formatPretty', () => {
  it('labels each failure with its kind, and counts the failures of each kind', () => {
    const lines = formatPretty(SAMPLE_REPORT).split('\n');
    const after = (id: string) => lines.slice(lines.findIndex((line) => line.endsWith(id)));
    expect(after('errors.envelope').slice(1, 3)).toEqual([
      '        request_id \u0007missing <here>',
      '        kind: specification (the deployment breaks a promise of the specification)',
    ]);
    expect(after('errors.request-id-header')[0]).toContain('(decision)');
    expect(after('errors.request-id-header')[2]).toBe(
      '        kind: decision (one of our recorded decisions, not a promise of the specification)',
    );
    expect(lines).toContain(
      '4 rules: 1 passed, 2 failed (1 specification, 1 decision), 1 skipped in 1.5 s',
    );
  });

  it('prints no kinds in the summary when nothing failed', () => {
    const text = formatPretty({
      ...SAMPLE_REPORT,
      results: SAMPLE_REPORT.results.filter((result) => result.status !== 'failed'),
      summary: {
        passed: 1,
        failed: 0,
        skipped: 1,
        failedBySource: { specification: 0, decision: 0 },
      },
    });
    expect(text).toContain('2 rules: 1 passed, 0 failed, 1 skipped in 1.5 s');
    expect(text).not.toContain('kind:');
  });
});
