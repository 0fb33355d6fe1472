import type { OperationName } from '@partner-assistant/contract';
import type { ArmedFault } from '../faults/armed-fault.ts';
import type { InjectableErrorCode, LatencySetting } from '../faults/fault-plan.ts';
import type { NetworkFaultKind } from '../faults/network-faults.ts';
import type { TenantScope } from '../identity/tenant-scope.ts';
import type { ReferenceEngine } from '../runtime/reference-engine-surfaces.ts';
import { controlInput } from './control-input.ts';
import {
  dropAfterDeltaSchema,
  injectErrorsSchema,
  latencySchema,
  networkFaultSchema,
  tenantOptionSchema,
  turnCountSchema,
} from './control-schemas.ts';

/**
 * The tenant a control applies to: a partner id (every application of the partner) or a client
 * id (that application). Without it, a control applies to every tenant.
 */
export interface TenantOption {
  /** Partner id or client id; the server must know it. */
  tenant?: string;
}

/** Fault injection, seeded and reproducible; every fault can be scoped to one tenant. */
export interface FaultControl {
  /**
   * The next `count` matching REST requests answer `code`, with the headers a real answer
   * carries: the caller's `RateLimit-*` (not counted; `Remaining` 0 on a 429) and, on a 429 or
   * 503, `Retry-After`: `retryAfterSeconds`, by default the seconds left in the caller's rate
   * window on a 429 and 1 on a 503.
   * @example control.faults.injectErrors({ count: 1, code: 'queue_unavailable', operation: 'sendMessage' })
   */
  injectErrors(
    options: {
      count: number;
      code: InjectableErrorCode;
      retryAfterSeconds?: number;
      operation?: OperationName;
    } & TenantOption,
  ): void;
  /** Adds latency to REST answers (fixed or uniform in a range); `null` removes it. */
  setLatency(latency: LatencySetting | null, options?: TenantOption): void;
  /** Cuts every open socket as a network loss (clients see 1006); returns how many. */
  dropSockets(options?: TenantOption): number;
  /** Cuts the sockets following a turn (or the next turn to stream) after its K-th delta. */
  dropAfterDelta(options: { afterDeltas: number; turnId?: string } & TenantOption): void;
  /** The next `count` turns end with `assistant.error` and status `failed`. */
  failNextTurns(count?: number, options?: TenantOption): void;
  /**
   * The connection of the next `count` matching REST requests (default 1) is destroyed without
   * an answer, as a peer resetting it would (WireMock's `CONNECTION_RESET_BY_PEER`).
   * @example control.faults.connectionReset({ operation: 'sendMessage', tenant: clientId })
   */
  connectionReset(options?: NetworkFaultOptions): void;
  /**
   * The next `count` matching REST requests (default 1) are never answered: the connection stays
   * open until the client gives up or the fault is cleared (then it is closed, unanswered).
   * @example control.faults.hang({ operation: 'listMessages', tenant: clientId })
   */
  hang(options?: NetworkFaultOptions): void;
  /**
   * The faults armed now, oldest first within each kind (with `tenant`, only those armed for it).
   * @example expect(control.faults.list({ tenant: clientId })).toEqual([])
   */
  list(options?: TenantOption): ArmedFault[];
  /**
   * Disarms every fault, removes the latency and lets go of hung requests (only the tenant's,
   * with `tenant`).
   */
  clear(options?: TenantOption): void;
}

/** Which REST requests a network fault catches. */
export interface NetworkFaultOptions extends TenantOption {
  /**
   * Only requests to this operation (the contract's name, as for `injectErrors`).
   * @default every operation
   */
  operation?: OperationName;
  /**
   * How many requests it catches.
   * @default 1
   */
  count?: number;
}

/** The scope a validated `{ tenant }` names, or `undefined` for every tenant. */
export function scopeOf(
  engine: ReferenceEngine,
  tenant: string | undefined,
): TenantScope | undefined {
  return tenant === undefined ? undefined : engine.resolveTenant(tenant);
}

function armNetworkFault(
  engine: ReferenceEngine,
  kind: NetworkFaultKind,
  options: NetworkFaultOptions | undefined,
): void {
  const { tenant, count = 1, operation } = controlInput(networkFaultSchema, options ?? {});
  engine.faults.network.arm({ kind, count, operation, scope: scopeOf(engine, tenant) });
}

/** The fault controls of `engine`; every input is validated (an `ApiError` `invalid_request` names the field). */
export function faultControl(engine: ReferenceEngine): FaultControl {
  const { faults } = engine;
  const scopeOption = (options: TenantOption | undefined) =>
    scopeOf(engine, controlInput(tenantOptionSchema, options ?? {}).tenant);
  return {
    injectErrors: (options) => {
      const { tenant, ...errors } = controlInput(injectErrorsSchema, options);
      faults.injectErrors({ ...errors, scope: scopeOf(engine, tenant) });
    },
    setLatency: (latency, options) =>
      faults.setLatency(controlInput(latencySchema, latency, 'latency'), scopeOption(options)),
    dropSockets: (options) => engine.dropSockets(scopeOption(options)),
    dropAfterDelta: (options) => {
      const { tenant, ...drop } = controlInput(dropAfterDeltaSchema, options);
      faults.dropAfterDelta({ ...drop, scope: scopeOf(engine, tenant) });
    },
    failNextTurns: (count = 1, options = {}) =>
      faults.failNextTurns(controlInput(turnCountSchema, count, 'count'), scopeOption(options)),
    connectionReset: (options) => armNetworkFault(engine, 'connection-reset', options),
    hang: (options) => armNetworkFault(engine, 'hang', options),
    list: (options) => faults.armed(scopeOption(options)),
    clear: (options) => faults.clear(scopeOption(options)),
  };
}
