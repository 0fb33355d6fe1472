import type { RuleSource } from '../rule-groups.ts';

/** What a failure of each kind means, as the reports print it beside the failure. */
export const FAILURE_KINDS: Record<RuleSource, string> = {
  specification: 'specification (the deployment breaks a promise of the specification)',
  decision: 'decision (one of our recorded decisions, not a promise of the specification)',
};
