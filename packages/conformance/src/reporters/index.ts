import type { ConformanceReport } from '../report.ts';
import { formatJunit } from './junit.ts';
import { formatPretty } from './pretty.ts';

/** The report formats: a terminal summary, JSON for machines, JUnit XML for CI dashboards. */
export type ReportFormat = 'pretty' | 'json' | 'junit';

/** The report formats, as the CLI's `--reporter` takes them. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['pretty', 'json', 'junit'];

/**
 * The report as text in `format`.
 * @example
 * writeFileSync('conformance.xml', formatReport(report, 'junit'));
 */
export function formatReport(
  report: ConformanceReport,
  format: ReportFormat,
  options: { color?: boolean } = {},
): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') return formatJunit(report);
  return formatPretty(report, options);
}
