import type { OperationName } from '@partner-assistant/contract';
import { ApiError } from '../errors/api-error.ts';
import {
  inScope,
  type Requester,
  scopeWithin,
  type TenantScope,
} from '../identity/tenant-scope.ts';
import type { Prng } from '../ids/seeded-random.ts';
import { type ArmedFault, tenantOfScope } from './armed-fault.ts';
import { NetworkFaults } from './network-faults.ts';
import { takeRequestRule } from './request-rules.ts';

/** Error codes a fault can inject into REST answers. */
export type InjectableErrorCode = 'rate_limit_exceeded' | 'queue_unavailable' | 'internal_error';

/** The next `count` matching REST requests answer `code`. */
export interface InjectedErrors {
  /** How many requests answer the error. */
  count: number;
  /** The error to answer (429, 503 or 500). */
  code: InjectableErrorCode;
  /**
   * `Retry-After` in seconds.
   * @default on a 429, the seconds left in the caller's rate window (1 without one); on a 503, 1; none on a 500
   */
  retryAfterSeconds?: number | undefined;
  /** Only requests to this operation; every operation when omitted. */
  operation?: OperationName | undefined;
  /** Only requests of this tenant; every request when omitted. */
  scope?: TenantScope | undefined;
}

/** Added REST latency: fixed, or drawn uniformly from a range. */
export type LatencySetting = { ms: number } | { minMs: number; maxMs: number };

/** Terminate the sockets following a turn right after its K-th `assistant.delta`. */
export interface DeltaDrop {
  /** K: the number of deltas streamed before the sockets drop. */
  afterDeltas: number;
  /** The turn; when omitted, the next turn (of {@link scope}, if set) that streams a delta. */
  turnId?: string | undefined;
  /** Only a turn of this tenant. */
  scope?: TenantScope | undefined;
}

interface Scoped<T> {
  scope: TenantScope | undefined;
  value: T;
}

const MESSAGES: Record<InjectableErrorCode, string> = {
  rate_limit_exceeded: 'Too many requests (injected fault)',
  queue_unavailable: 'The queue cannot take the message right now (injected fault)',
  internal_error: 'Unexpected server failure (injected fault)',
};

/** Who a request or turn belongs to, computed only when a scoped fault needs it. */
export type RequesterLookup = () => Requester | undefined;

/**
 * The faults armed for the next requests, turns and sockets, each for everyone or for one
 * tenant (partner or application). Pure bookkeeping: the request pipeline, the turn scheduler,
 * the turn streams and the HTTP adapter consult it.
 */
export class FaultPlan {
  #errors: InjectedErrors[] = [];
  #latencies: Scoped<LatencySetting>[] = [];
  #turnFailures: Scoped<number>[] = [];
  #deltaDrops: DeltaDrop[] = [];
  #deltaDropArming: (() => void) | undefined;
  readonly #prng: Prng;
  /** Connection resets and hangs of REST requests. */
  readonly network = new NetworkFaults();

  /** `prng` draws latencies in a range (seeded in deterministic mode). */
  constructor(prng: Prng) {
    this.#prng = prng;
  }

  /** Arms `count` injected errors (after those already armed). */
  injectErrors(errors: InjectedErrors): void {
    if (errors.count > 0) this.#errors.push({ ...errors });
  }

  /** The injected error for a request to `operation`, if one is armed (and uses it up). */
  takeInjectedError(operation: OperationName, requester: RequesterLookup): ApiError | undefined {
    const rule = takeRequestRule(this.#errors, operation, requester);
    if (!rule) return undefined;
    return new ApiError(rule.code, MESSAGES[rule.code], {
      ...(rule.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: rule.retryAfterSeconds }),
    });
  }

  /** Sets (or with `null` removes) the added REST latency, for everyone or for one tenant. */
  setLatency(latency: LatencySetting | null, scope?: TenantScope): void {
    this.#latencies = this.#latencies.filter((item) => !sameScope(item.scope, scope));
    if (latency) this.#latencies.push({ scope, value: { ...latency } });
  }

  /**
   * Milliseconds to wait before answering the next REST request (0 without latency): the
   * requester's tenant latency if one is set, else the latency set for everyone.
   */
  drawLatencyMs(requester: RequesterLookup): number {
    if (this.#latencies.length === 0) return 0;
    const who = this.#latencies.some((item) => item.scope) ? requester() : undefined;
    const latency =
      this.#latencies.find((item) => item.scope && inScope(item.scope, who)) ??
      this.#latencies.find((item) => !item.scope);
    if (!latency) return 0;
    const setting = latency.value;
    if ('ms' in setting) return Math.max(0, setting.ms);
    const low = Math.max(0, Math.min(setting.minMs, setting.maxMs));
    const high = Math.max(low, setting.maxMs);
    return Math.round(low + (high - low) * this.#prng());
  }

  /** Makes the next `count` turns (of one tenant, with `scope`) fail. */
  failNextTurns(count: number, scope?: TenantScope): void {
    if (count > 0) this.#turnFailures.push({ scope, value: count });
  }

  /** True when the turn starting now must fail (and uses one armed failure up). */
  takeTurnFailure(requester: RequesterLookup): boolean {
    if (this.#turnFailures.length === 0) return false;
    const who = requester();
    const armed = this.#turnFailures.find((item) => inScope(item.scope, who));
    if (!armed) return false;
    armed.value -= 1;
    if (armed.value <= 0) this.#turnFailures.splice(this.#turnFailures.indexOf(armed), 1);
    return true;
  }

  /** Arms a socket drop after a turn's K-th delta. */
  dropAfterDelta(drop: DeltaDrop): void {
    this.#deltaDropArming?.();
    this.#deltaDrops.push({ ...drop });
  }

  /** Whether a drop waits for some turn's deltas: turns must then stream them on time. */
  watchesDeltas(): boolean {
    return this.#deltaDrops.length > 0;
  }

  /** Calls `listener` each time a drop is about to be armed (the turn scheduler's cue). */
  onDeltaDropArming(listener: () => void): void {
    this.#deltaDropArming = listener;
  }

  /**
   * Called after each delta of `turnId` (its `deltaCount`-th): true when its sockets must drop
   * now. A drop without a turn binds to the first turn (of its tenant) that streams a delta.
   */
  takeDeltaDrop(turnId: string, deltaCount: number, requester: RequesterLookup): boolean {
    if (this.#deltaDrops.length === 0) return false;
    if (deltaCount === 1) {
      const who = requester();
      const unbound = this.#deltaDrops.find(
        (drop) => drop.turnId === undefined && inScope(drop.scope, who),
      );
      if (unbound) unbound.turnId = turnId;
    }
    const due = this.#deltaDrops.find(
      (drop) => drop.turnId === turnId && drop.afterDeltas === deltaCount,
    );
    if (!due) return false;
    this.#deltaDrops.splice(this.#deltaDrops.indexOf(due), 1);
    return true;
  }

  /** Forgets the drops armed on a turn that has ended. */
  turnEnded(turnId: string): void {
    if (this.#deltaDrops.length === 0) return;
    this.#deltaDrops = this.#deltaDrops.filter((drop) => drop.turnId !== turnId);
  }

  /**
   * Disarms faults and removes latency: every one without `scope`; with it, only those armed
   * for that tenant (a partner's include those of its applications).
   */
  clear(scope?: TenantScope): void {
    const keep = <T extends { scope?: TenantScope | undefined }>(items: T[]) =>
      scope ? items.filter((item) => !scopeWithin(item.scope, scope)) : [];
    this.#errors = keep(this.#errors);
    this.#latencies = keep(this.#latencies);
    this.#turnFailures = keep(this.#turnFailures);
    this.#deltaDrops = keep(this.#deltaDrops);
    this.network.clear(scope);
  }

  /** Every armed fault, oldest first within each kind; with `scope`, only those armed for it. */
  armed(scope?: TenantScope): ArmedFault[] {
    const mine = (item: { scope?: TenantScope | undefined }) =>
      !scope || scopeWithin(item.scope, scope);
    const optional = <K extends string, V>(key: K, value: V | undefined) =>
      (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
    return [
      ...this.#errors.filter(mine).map(
        (item): ArmedFault => ({
          kind: 'errors',
          ...tenantOfScope(item.scope),
          count: item.count,
          code: item.code,
          ...optional('operation', item.operation),
          ...optional('retryAfterSeconds', item.retryAfterSeconds),
        }),
      ),
      ...this.#latencies.filter(mine).map(
        (item): ArmedFault => ({
          kind: 'latency',
          ...tenantOfScope(item.scope),
          latency: { ...item.value },
        }),
      ),
      ...this.#turnFailures.filter(mine).map(
        (item): ArmedFault => ({
          kind: 'fail-next-turns',
          ...tenantOfScope(item.scope),
          count: item.value,
        }),
      ),
      ...this.#deltaDrops.filter(mine).map(
        (item): ArmedFault => ({
          kind: 'drop-after-delta',
          ...tenantOfScope(item.scope),
          afterDeltas: item.afterDeltas,
          ...optional('turnId', item.turnId),
        }),
      ),
      ...this.network
        .rules()
        .filter(mine)
        .map(
          (item): ArmedFault => ({
            kind: item.kind,
            ...tenantOfScope(item.scope),
            count: item.count,
            ...optional('operation', item.operation),
          }),
        ),
    ];
  }
}

function sameScope(a: TenantScope | undefined, b: TenantScope | undefined): boolean {
  return a?.partnerId === b?.partnerId && a?.clientId === b?.clientId;
}
