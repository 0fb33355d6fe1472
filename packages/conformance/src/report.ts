import type { RuleSource } from './rule-groups.ts';
import type { RuleDescription } from './rules/rule.ts';

/** The outcome of one rule. */
export type RuleStatus = 'passed' | 'failed' | 'skipped';

/** One rule's result: the rule's description, its status and why. */
export interface RuleResult extends Omit<RuleDescription, 'needs'> {
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
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    /**
     * The failures by kind: `specification`, a promise of the specification broken; `decision`,
     * one of our recorded decisions not followed (which another implementation may leave out).
     */
    failedBySource: Record<RuleSource, number>;
  };
  cleanup: CleanupSummary;
}
