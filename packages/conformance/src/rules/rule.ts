import type { RunContext } from '../internal/run-context.ts';
import type { RuleGroup, RuleSource } from '../rule-groups.ts';

/** Extra credentials a rule needs; without them it is skipped with the reason below. */
export type RuleNeed = 'otherPartner' | 'readOnly' | 'limited';

/** Why a rule that needs extra credentials was skipped. */
export const NEED_REASONS: Record<RuleNeed, string> = {
  otherPartner:
    'needs an application of another partner (--other-partner-client-id, --other-partner-client-secret)',
  readOnly:
    'needs an application without chat:write of the same partner and environment (--read-only-client-id, --read-only-client-secret)',
  limited:
    'needs an application with a small requests_per_minute the run may exhaust (--limited-client-id, --limited-client-secret)',
};

/** What a rule checks, without running it. */
export interface RuleDescription {
  /** Stable id, `group.name`, such as `messages.idempotency-conflict`. */
  id: string;
  group: RuleGroup;
  /** What the rule checks, in a few words. */
  title: string;
  /** The quoted sentence of the specification or of the decision. */
  rule: string;
  /** Whether the rule checks the specification or one of our decisions. */
  source: RuleSource;
  /** Extra credentials the rule needs: `otherPartner`, `readOnly` or `limited`. */
  needs?: RuleNeed;
}

/** One rule: what it quotes, and the check that passes, fails (`RuleFailure`) or skips (`RuleSkip`). */
export interface ConformanceRule extends RuleDescription {
  check(ctx: RunContext): Promise<void>;
}

/** The rules of one group, each given its group and its `group.name` id. */
export function defineGroup(
  group: RuleGroup,
  rules: (Omit<ConformanceRule, 'group' | 'id' | 'source'> & {
    name: string;
    source?: RuleSource;
  })[],
): ConformanceRule[] {
  return rules.map(({ name, source, ...rule }) => ({
    ...rule,
    id: `${group}.${name}`,
    group,
    source: source ?? 'specification',
  }));
}
