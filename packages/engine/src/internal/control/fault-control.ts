import type { OperationName } from '@partner-assistant/contract';
import type {
  InjectableErrorCode,
  LatencySetting,
  ReferenceEngine,
  TenantScope,
} from '../index.ts';
import { controlInput } from './control-input.ts';
import {
  dropAfterDeltaSchema,
  injectErrorsSchema,
  latencySchema,
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
  /** The next `count` matching REST requests answer `code` (with `Retry-After` when given). */
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
  /** Disarms every fault and removes the latency (only the tenant's, with `tenant`). */
  clear(options?: TenantOption): void;
}

/** The scope a validated `{ tenant }` names, or `undefined` for every tenant. */
export function scopeOf(
  engine: ReferenceEngine,
  tenant: string | undefined,
): TenantScope | undefined {
  return tenant === undefined ? undefined : engine.resolveTenant(tenant);
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
    clear: (options) => faults.clear(scopeOption(options)),
  };
}
