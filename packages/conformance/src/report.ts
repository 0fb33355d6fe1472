import type { RuleGroup, RuleSource } from './rule-groups.ts';

/** The outcome of one rule. */
export type RuleStatus = 'passed' | 'failed' | 'skipped';

/** One rule's result. */
export interface RuleResult {
  /** Stable id, `group.name`, such as `messages.idempotency-conflict`. */
  id: string;
  /** The group the rule belongs to. */
  group: RuleGroup;
  /** What the rule checks, in a few words. */
  title: string;
  /** The sentence of the specification, or of the decision, the rule checks (quoted). */
  rule: string;
  /** Whether the rule checks the specification or one of our decisions. */
  source: RuleSource;
  status: RuleStatus;
  /** Why it failed or was skipped: statuses and codes seen, never a secret, token or user id. */
  detail?: string;
  /** Time the rule took, in milliseconds. */
  durationMs: number;
}

/** What the run did to leave the deployment as it found it. */
export interface CleanupSummary {
  /** External users created by the run and erased at its end. */
  erasedUsers: number;
  /** Users whose erasure failed (their ids carry the run prefix, see {@link ConformanceReport.runPrefix}). */
  failedErasures: number;
}

/** The result of {@link runConformance}. */
export interface ConformanceReport {
  /** The REST base URL checked. */
  baseUrl: string;
  /** The WebSocket base URL checked. */
  wsUrl: string;
  /** Prefix of every external user id the run created, to find leftovers. */
  runPrefix: string;
  /** ISO 8601 start instant. */
  startedAt: string;
  durationMs: number;
  /** Every selected rule, in report order. */
  results: RuleResult[];
  summary: { passed: number; failed: number; skipped: number };
  cleanup: CleanupSummary;
}
