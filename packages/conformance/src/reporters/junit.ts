import type { ConformanceReport, RuleResult } from '../report.ts';
import { RULE_GROUP_LIST, RULE_GROUPS } from '../rule-groups.ts';
import { FAILURE_KINDS } from './failure-kind.ts';

/** Text as XML character data or attribute value; characters XML 1.0 forbids are dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(result: RuleResult): string {
  const open = `    <testcase classname="${xml(result.group)}" name="${xml(`${result.id}: ${result.title}`)}" time="${seconds(result.durationMs)}"`;
  if (result.status === 'passed') return `${open}/>`;
  const body =
    result.status === 'failed'
      ? `<failure message="${xml(`${result.source}: ${result.detail ?? 'failed'}`)}" type="${result.source}">${xml(`${result.detail ?? ''}\nKind: ${FAILURE_KINDS[result.source]}\nChecks: ${result.rule}`)}</failure>`
      : `<skipped message="${xml(result.detail ?? 'skipped')}"/>`;
  return `${open}>\n      ${body}\n    </testcase>`;
}

/** The report as JUnit XML, one test suite per group, for CI dashboards. */
export function formatJunit(report: ConformanceReport): string {
  const suites = RULE_GROUP_LIST.flatMap((group) => {
    const results = report.results.filter((result) => result.group === group);
    if (results.length === 0) return [];
    const count = (status: RuleResult['status']) =>
      results.filter((result) => result.status === status).length;
    const time = seconds(results.reduce((total, result) => total + result.durationMs, 0));
    return [
      `  <testsuite name="${xml(RULE_GROUPS[group])}" tests="${results.length}" failures="${count('failed')}" skipped="${count('skipped')}" errors="0" time="${time}">`,
      ...results.map(testcase),
      '  </testsuite>',
    ];
  });
  const { failed, skipped } = report.summary;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Partner Assistant API conformance" tests="${report.results.length}" failures="${failed}" skipped="${skipped}" errors="0" time="${seconds(report.durationMs)}" timestamp="${report.startedAt}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
