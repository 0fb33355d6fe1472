/**
 * The groups of rules, in the order the specification presents them, each with the heading the
 * reports print. A group's id is what `--only` and {@link ConformanceOptions.only} take.
 */
export const RULE_GROUPS = {
  tokens: 'Tokens',
  authentication: 'Authentication',
  tenancy: 'Tenancy and isolation',
  conversations: 'Conversations',
  rename: 'Rename',
  delete: 'Delete',
  messages: 'Messages and idempotency',
  history: 'History',
  turns: 'Turns',
  feedback: 'Feedback',
  erasure: 'Erasure',
  capabilities: 'Capabilities',
  limits: 'Limits',
  errors: 'Errors and envelope',
  websocket: 'WebSocket channel and recovery',
} as const;

/** The id of a group of rules, such as `messages` or `websocket`. */
export type RuleGroup = keyof typeof RULE_GROUPS;

/** The group ids, in report order. */
export const RULE_GROUP_LIST = /* @__PURE__ */ Object.keys(RULE_GROUPS) as RuleGroup[];

/**
 * What a rule checks: a sentence of the specification, or one of our recorded decisions on a
 * point the specification leaves "not shown" (`docs/reference/decisions.md`).
 */
export type RuleSource = 'specification' | 'decision';

/**
 * One entry of `only`: a group id, `specification` (only the rules that quote the specification)
 * or `decisions` (only the rules that check a recorded decision).
 */
export type RuleSelector = RuleGroup | 'specification' | 'decisions';

/** True when `value` names a group of rules. */
export function isRuleGroup(value: string): value is RuleGroup {
  return Object.hasOwn(RULE_GROUPS, value);
}
