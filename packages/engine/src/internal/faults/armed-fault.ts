import type { OperationName } from '@partner-assistant/contract';
import type { TenantScope } from '../identity/tenant-scope.ts';

/**
 * One fault armed on the server, as `GET /__admin/faults` and `control.faults.list()` show it.
 * `kind` is the admin route that arms it (`POST /__admin/faults/<kind>`).
 */
export interface ArmedFault {
  /** Which fault. */
  kind: 'errors' | 'latency' | 'fail-next-turns' | 'drop-after-delta' | 'connection-reset' | 'hang';
  /** The tenant it is scoped to (its client id, or its partner id); absent for every tenant. */
  tenant?: string;
  /** Requests or turns it still applies to. */
  count?: number;
  /** The operation it is limited to. */
  operation?: OperationName;
  /** The injected error code (`errors`). */
  code?: string;
  /** The `Retry-After` it sends (`errors`). */
  retryAfterSeconds?: number;
  /** Fixed or ranged latency (`latency`). */
  latency?: { ms: number } | { minMs: number; maxMs: number };
  /** Deltas streamed before the drop (`drop-after-delta`). */
  afterDeltas?: number;
  /** The turn a drop is bound to (`drop-after-delta`). */
  turnId?: string;
}

/** The `tenant` of a listed fault: its application's client id, else its partner id. */
export function tenantOfScope(scope: TenantScope | undefined): { tenant?: string } {
  if (!scope) return {};
  return { tenant: scope.clientId ?? scope.partnerId };
}
