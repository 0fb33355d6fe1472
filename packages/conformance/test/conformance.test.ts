import type { RunningReferenceServer } from '@partner-assistant/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFORMANCE_RULES,
  ConformanceAbortedError,
  type ConformanceReport,
  formatReport,
  runConformance,
} from '../src/index.ts';
import { DRIFTS } from './drifts.ts';
import { runOptions, SECRETS, startConformanceServer } from './support/conformance-server.ts';
import { startDriftingProxy } from './support/drifting-proxy.ts';

let server: RunningReferenceServer;
/** The same server answering only what the specification shows, ids in upper case. */
let minimalServer: RunningReferenceServer;
beforeAll(async () => {
  [server, minimalServer] = await Promise.all([
    startConformanceServer(),
    startConformanceServer('minimal'),
  ]);
});
afterAll(() => Promise.all([server?.close(), minimalServer?.close()]));

const SPECIFICATION_RULES = CONFORMANCE_RULES.filter((rule) => rule.source === 'specification');

const failedIds = (report: ConformanceReport) =>
  report.results
    .filter((result) => result.status === 'failed')
    .map((result) => result.id)
    .sort();

// The runs are independent (each its own users), so they share the server at the same time.
// Each is some 80 rules of real requests: seconds on a quiet machine, many more on a busy one.
describe.concurrent('against the reference server', { timeout: 60_000 }, () => {
  it('passes every rule, skips none, and erases every user it created', async () => {
    const report = await runConformance(runOptions(server.url));
    const failures = report.results.filter((result) => result.status === 'failed');
    expect(failures.map((result) => `${result.id}: ${result.detail}`)).toEqual([]);
    expect(report.summary).toEqual({
      passed: CONFORMANCE_RULES.length,
      failed: 0,
      skipped: 0,
      failedBySource: { specification: 0, decision: 0 },
    });
    expect(report.cleanup.failedErasures).toBe(0);
    expect(report.cleanup.erasedUsers).toBeGreaterThan(10);
    for (const format of ['pretty', 'json', 'junit'] as const) {
      const text = formatReport(report, format);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).not.toContain(`${report.runPrefix}-u`);
    }
  });

  it('skips the rules that need extra applications, naming the options to pass', async () => {
    const { otherPartner: _o, readOnly: _r, limited: _l, ...mainOnly } = runOptions(server.url);
    const report = await runConformance({ ...mainOnly, only: ['tenancy', 'limits', 'decisions'] });
    const skipped = report.results.filter((result) => result.status === 'skipped');
    expect(skipped.map((result) => result.id)).toEqual([]);
    const spec = await runConformance({ ...mainOnly, only: ['tenancy', 'specification'] });
    expect(spec.results.every((result) => result.source === 'specification')).toBe(true);
    const other = spec.results.find((result) => result.id === 'tenancy.other-partner');
    expect(other).toMatchObject({ status: 'skipped' });
    expect(other?.detail).toContain('--other-partner-client-id');
    expect(spec.summary.failed).toBe(0);
  });

  it('erases the users it created when aborted (the first, and one per rule run), then rejects', async () => {
    const controller = new AbortController();
    const run = runConformance({
      ...runOptions(server.url),
      only: ['conversations'],
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 2) controller.abort(new Error('stop'));
      },
    });
    const error = await run.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ConformanceAbortedError);
    expect((error as ConformanceAbortedError).cleanup).toEqual({
      erasedUsers: 3,
      failedErasures: 0,
    });
  });
});

describe.concurrent('the specification mode', { timeout: 60_000 }, () => {
  it.each([
    ['the default profile', () => server],
    ['the spec-minimal profile (ids in upper case)', () => minimalServer],
  ])('passes every specification rule against %s', async (_profile, target) => {
    const report = await runConformance({ ...runOptions(target().url), only: ['specification'] });
    const failures = report.results.filter((result) => result.status === 'failed');
    expect(failures.map((result) => `${result.id}: ${result.detail}`)).toEqual([]);
    expect(report.summary).toMatchObject({ passed: SPECIFICATION_RULES.length, skipped: 0 });
    expect(report.cleanup.failedErasures).toBe(0);
  });

  it('leaves to the decision rules all that a spec-minimal deployment leaves out, each labelled so', async () => {
    const report = await runConformance(runOptions(minimalServer.url));
    const failures = report.results.filter((result) => result.status === 'failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((result) => result.source !== 'decision')).toEqual([]);
    expect(report.summary.failedBySource).toEqual({ specification: 0, decision: failures.length });
    const pretty = formatReport(report, 'pretty');
    expect(pretty).toContain(
      `${failures.length} failed (0 specification, ${failures.length} decision)`,
    );
    expect(pretty.match(/kind: decision \(/g)).toHaveLength(failures.length);
    expect(formatReport(report, 'junit').match(/<failure message="decision: /g)).toHaveLength(
      failures.length,
    );
    const json = JSON.parse(formatReport(report, 'json')) as ConformanceReport;
    expect(json.summary.failedBySource.decision).toBe(failures.length);
  });
});

describe.concurrent.each(DRIFTS)(
  'behind a proxy that $name',
  ({ profile, only, drift, failing }) => {
    it(`fails ${failing.join(', ')}, and only those`, async () => {
      const upstream = profile === 'minimal' ? minimalServer : server;
      const proxy = await startDriftingProxy(upstream, drift());
      try {
        const report = await runConformance({ ...runOptions(proxy.url, proxy.wsUrl), only });
        expect(failedIds(report)).toEqual(failing);
        for (const result of report.results.filter((entry) => entry.status === 'failed')) {
          expect(result.detail).toBeTruthy();
          expect(result.rule.length).toBeGreaterThan(10);
        }
        if (only.includes('specification'))
          expect(report.summary.failedBySource).toEqual({
            specification: failing.length,
            decision: 0,
          });
      } finally {
        await proxy.close();
      }
    });
  },
);
