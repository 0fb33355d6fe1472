import type { ConformanceReport, RuleResult } from '../report.ts';
import { RULE_GROUP_LIST, RULE_GROUPS } from '../rule-groups.ts';
import { FAILURE_KINDS } from './failure-kind.ts';

/** Options of {@link formatPretty}. */
export interface PrettyOptions {
  /** ANSI colours. @default false */
  color?: boolean;
}

const MARKS = { passed: '✓', failed: '✗', skipped: '-' } as const;
const COLORS = { passed: 32, failed: 31, skipped: 33 } as const;

function resultLines(result: RuleResult, paint: (code: number, text: string) => string): string[] {
  const mark = paint(COLORS[result.status], MARKS[result.status]);
  const kind = result.source === 'decision' ? ' (decision)' : '';
  const lines = [`    ${mark} ${result.title}${kind}  ${paint(2, result.id)}`];
  if (result.status === 'failed') {
    lines.push(`        ${paint(31, result.detail ?? 'failed')}`);
    lines.push(`        ${paint(2, `kind: ${FAILURE_KINDS[result.source]}`)}`);
    lines.push(`        ${paint(2, `checks: “${result.rule}”`)}`);
  } else if (result.status === 'skipped' && result.detail) {
    lines.push(`        ${paint(2, `skipped: ${result.detail}`)}`);
  }
  return lines;
}

/** The report as a terminal summary: each group, each rule, the failures with their rule quoted. */
export function formatPretty(report: ConformanceReport, options: PrettyOptions = {}): string {
  const paint = (code: number, text: string) =>
    options.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const lines = [`Partner Assistant API conformance: ${report.baseUrl}`, ''];
  for (const group of RULE_GROUP_LIST) {
    const results = report.results.filter((result) => result.group === group);
    if (results.length === 0) continue;
    lines.push(`  ${RULE_GROUPS[group]}`);
    for (const result of results) lines.push(...resultLines(result, paint));
  }
  const { passed, failed, skipped, failedBySource } = report.summary;
  const seconds = (report.durationMs / 1000).toFixed(1);
  const kinds = failed
    ? ` (${failedBySource.specification} specification, ${failedBySource.decision} decision)`
    : '';
  lines.push(
    '',
    `${report.results.length} rules: ${paint(COLORS.passed, `${passed} passed`)}, ${paint(failed ? COLORS.failed : 2, `${failed} failed${kinds}`)}, ${skipped} skipped in ${seconds} s`,
    `Erased ${report.cleanup.erasedUsers} users created by the run (external ids starting with ${report.runPrefix})${
      report.cleanup.failedErasures
        ? `; ${paint(COLORS.failed, `${report.cleanup.failedErasures} erasures failed`)}`
        : ''
    }.`,
  );
  return `${lines.join('\n')}\n`;
}
