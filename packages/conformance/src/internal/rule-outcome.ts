/** Thrown by a rule's check when the deployment breaks the rule; the message is the detail. */
export class RuleFailure extends Error {
  override readonly name = 'RuleFailure';
}

/** Thrown by a rule's check when it cannot run here; the message says why. */
export class RuleSkip extends Error {
  override readonly name = 'RuleSkip';
}

/** Fails the rule with `detail` unless `condition` holds. */
export function check(condition: unknown, detail: string): asserts condition {
  if (!condition) throw new RuleFailure(detail);
}
