export {
  type ApplicationCredentials,
  CONFORMANCE_DEFAULTS,
  type ConformanceOptions,
  ConformanceOptionsError,
  type ConformanceProgress,
} from './options.ts';
export type { CleanupSummary, ConformanceReport, RuleResult, RuleStatus } from './report.ts';
export { formatReport, REPORT_FORMATS, type ReportFormat } from './reporters/index.ts';
export { CONFORMANCE_RULES, type RuleDescription } from './rule-catalog.ts';
export {
  isRuleGroup,
  RULE_GROUP_LIST,
  RULE_GROUPS,
  type RuleGroup,
  type RuleSelector,
  type RuleSource,
} from './rule-groups.ts';
export type { RuleNeed } from './rules/rule.ts';
export {
  ConformanceAbortedError,
  ConformanceSetupError,
  runConformance,
} from './run-conformance.ts';
