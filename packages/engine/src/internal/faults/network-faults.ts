import type { OperationName } from '@partner-assistant/contract';
import {
  inScope,
  type Requester,
  scopeWithin,
  type TenantScope,
} from '../identity/tenant-scope.ts';
import { takeRequestRule } from './request-rules.ts';

/**
 * Network failures a REST request can meet instead of an answer (WireMock's
 * `CONNECTION_RESET_BY_PEER` and a response that never comes).
 */
export type NetworkFaultKind = 'connection-reset' | 'hang';

/** The next `count` matching REST requests meet a network failure. */
export interface NetworkFaultRule {
  /** What happens to the connection. */
  kind: NetworkFaultKind;
  /** How many requests meet it. */
  count: number;
  /** Only requests to this operation; every operation when omitted. */
  operation?: OperationName | undefined;
  /** Only requests of this tenant; every request when omitted. */
  scope?: TenantScope | undefined;
}

/**
 * What a transport does with a request a network fault caught: destroy its connection at once
 * without an answer, or never answer it (`released` settles when the fault is cleared: then the
 * transport closes the connection, still without an answer).
 */
export type NetworkFaultAction =
  | { kind: 'connection-reset' }
  | { kind: 'hang'; released: Promise<void> };

interface HeldRequest {
  requester: Requester | undefined;
  release: () => void;
}

/** Armed network faults and the requests held by a hang. Pure bookkeeping over transports. */
export class NetworkFaults {
  #rules: NetworkFaultRule[] = [];
  readonly #held = new Set<HeldRequest>();

  /** Arms a rule (after those already armed). */
  arm(rule: NetworkFaultRule): void {
    if (rule.count > 0) this.#rules.push({ ...rule });
  }

  /** Rules still armed, oldest first (copies). */
  rules(): NetworkFaultRule[] {
    return this.#rules.map((rule) => ({ ...rule }));
  }

  /** The action for a request to `operation`, if a rule matches it (and uses one up). */
  take(
    operation: OperationName,
    requester: () => Requester | undefined,
  ): NetworkFaultAction | undefined {
    const rule = takeRequestRule(this.#rules, operation, requester);
    if (!rule) return undefined;
    if (rule.kind === 'connection-reset') return { kind: 'connection-reset' };
    const held: HeldRequest = { requester: requester(), release: () => {} };
    const released = new Promise<void>((resolve) => {
      held.release = resolve;
    });
    this.#held.add(held);
    return { kind: 'hang', released };
  }

  /** Disarms the rules (of one tenant, with `scope`) and lets go of the requests they hold. */
  clear(scope?: TenantScope): void {
    this.#rules = scope ? this.#rules.filter((rule) => !scopeWithin(rule.scope, scope)) : [];
    for (const held of [...this.#held]) {
      if (scope && !inScope(scope, held.requester)) continue;
      this.#held.delete(held);
      held.release();
    }
  }
}
