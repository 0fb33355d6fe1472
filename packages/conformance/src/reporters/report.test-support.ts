import type { ConformanceReport } from '../report.ts';

/** A report with a pass, a failure of each kind and a skip, for the reporters' tests. */
export const SAMPLE_REPORT: ConformanceReport = {
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
      id: 'errors.request-id-header',
      group: 'errors',
      title: 'X-Request-Id equals error.request_id',
      rule: 'Decision (headers): every response carries `X-Request-Id`.',
      source: 'decision',
      status: 'failed',
      detail: 'X-Request-Id is absent',
      durationMs: 5,
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
  summary: {
    passed: 1,
    failed: 2,
    skipped: 1,
    failedBySource: { specification: 1, decision: 1 },
  },
  cleanup: { erasedUsers: 3, failedErasures: 0 },
};
