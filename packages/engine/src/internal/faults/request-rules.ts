import type { OperationName } from '@partner-assistant/contract';
import { inScope, type Requester, type TenantScope } from '../identity/tenant-scope.ts';

/** A fault armed for the next `count` REST requests of one operation (or any) and tenant (or any). */
export interface RequestRule {
  count: number;
  operation?: OperationName | undefined;
  scope?: TenantScope | undefined;
}

/**
 * The first of `rules` a request to `operation` matches, used up once (removed from `rules` at
 * zero). The requester is looked up only when a scoped rule needs it.
 */
export function takeRequestRule<R extends RequestRule>(
  rules: R[],
  operation: OperationName,
  requester: () => Requester | undefined,
): R | undefined {
  if (rules.length === 0) return undefined;
  let who: Requester | undefined | null = null;
  const rule = rules.find((item) => {
    if (item.operation && item.operation !== operation) return false;
    if (!item.scope) return true;
    who ??= requester();
    return inScope(item.scope, who);
  });
  if (!rule) return undefined;
  rule.count -= 1;
  if (rule.count <= 0) rules.splice(rules.indexOf(rule), 1);
  return rule;
}
