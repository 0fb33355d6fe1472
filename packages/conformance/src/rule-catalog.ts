import { ALL_RULES } from './rules/index.ts';
import type { RuleDescription } from './rules/rule.ts';

export type { RuleDescription };

/**
 * Every rule of the kit, in report order.
 * @example
 * const decisions = CONFORMANCE_RULES.filter((rule) => rule.source === 'decision');
 */
export const CONFORMANCE_RULES: readonly RuleDescription[] = ALL_RULES.map(
  ({ check: _check, ...description }) => description,
);
