import type { RuleGroup, RuleSource } from './rule-groups.ts';
import { ALL_RULES } from './rules/index.ts';
import type { RuleNeed } from './rules/rule.ts';

/** What a rule checks, without running it. */
export interface RuleDescription {
  id: string;
  group: RuleGroup;
  title: string;
  /** The quoted sentence of the specification or of the decision. */
  rule: string;
  source: RuleSource;
  /** Extra credentials the rule needs: `otherPartner`, `readOnly` or `limited`. */
  needs?: RuleNeed;
}

/**
 * Every rule of the kit, in report order.
 * @example
 * const decisions = CONFORMANCE_RULES.filter((rule) => rule.source === 'decision');
 */
export const CONFORMANCE_RULES: readonly RuleDescription[] = ALL_RULES.map(
  ({ check: _check, ...description }) => description,
);
