import type { OperationName } from '@partner-assistant/contract';
import { ApiError } from '../api-error.ts';
import type { Prng } from '../seeded-random.ts';

/** Error codes a fault can inject into REST answers. */
export type InjectableErrorCode = 'rate_limit_exceeded' | 'queue_unavailable' | 'internal_error';

/** The next `count` matching REST requests answer `code`. */
export interface InjectedErrors {
  /** How many requests answer the error. */
  count: number;
  /** The error to answer (429, 503 or 500). */
  code: InjectableErrorCode;
  /** `Retry-After` in seconds; without it, none is sent. */
  retryAfterSeconds?: number | undefined;
  /** Only requests to this operation; every operation when omitted. */
  operation?: OperationName | undefined;
}

/** Added REST latency: fixed, or drawn uniformly from a range. */
export type LatencySetting = { ms: number } | { minMs: number; maxMs: number };

/** Terminate the sockets following a turn right after its K-th `assistant.delta`. */
export interface DeltaDrop {
  /** K: the number of deltas streamed before the sockets drop. */
  afterDeltas: number;
  /** The turn; when omitted, the next turn that streams a delta. */
  turnId?: string | undefined;
}

const MESSAGES: Record<InjectableErrorCode, string> = {
  rate_limit_exceeded: 'Too many requests (injected fault)',
  queue_unavailable: 'The queue cannot take the message right now (injected fault)',
  internal_error: 'Unexpected server failure (injected fault)',
};

/**
 * The faults armed for the next requests, turns and sockets. Pure bookkeeping: the request
 * pipeline, the turn scheduler, the turn streams and the HTTP adapter consult it.
 */
export class FaultPlan {
  #errors: InjectedErrors[] = [];
  #latency: LatencySetting | null = null;
  #turnFailures = 0;
  #deltaDrops: DeltaDrop[] = [];
  readonly #prng: Prng;

  /** `prng` draws latencies in a range (seeded in deterministic mode). */
  constructor(prng: Prng) {
    this.#prng = prng;
  }

  /** Arms `count` injected errors (after those already armed). */
  injectErrors(errors: InjectedErrors): void {
    if (errors.count > 0) this.#errors.push({ ...errors });
  }

  /** The injected error for a request to `operation`, if one is armed (and uses it up). */
  takeInjectedError(operation: OperationName): ApiError | undefined {
    const rule = this.#errors.find((item) => !item.operation || item.operation === operation);
    if (!rule) return undefined;
    rule.count -= 1;
    if (rule.count <= 0) this.#errors.splice(this.#errors.indexOf(rule), 1);
    return new ApiError(rule.code, MESSAGES[rule.code], {
      ...(rule.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: rule.retryAfterSeconds }),
    });
  }

  /** Sets (or with `null` removes) the added REST latency. */
  setLatency(latency: LatencySetting | null): void {
    this.#latency = latency ? { ...latency } : null;
  }

  /** Milliseconds to wait before answering the next REST request (0 without latency). */
  drawLatencyMs(): number {
    const latency = this.#latency;
    if (!latency) return 0;
    if ('ms' in latency) return Math.max(0, latency.ms);
    const low = Math.max(0, Math.min(latency.minMs, latency.maxMs));
    const high = Math.max(low, latency.maxMs);
    return Math.round(low + (high - low) * this.#prng());
  }

  /** Makes the next `count` turns fail. */
  failNextTurns(count: number): void {
    this.#turnFailures += Math.max(0, count);
  }

  /** True when the turn starting now must fail (and uses one armed failure up). */
  takeTurnFailure(): boolean {
    if (this.#turnFailures === 0) return false;
    this.#turnFailures -= 1;
    return true;
  }

  /** Arms a socket drop after a turn's K-th delta. */
  dropAfterDelta(drop: DeltaDrop): void {
    this.#deltaDrops.push({ ...drop });
  }

  /**
   * Called after each delta of `turnId` (its `deltaCount`-th): true when its sockets must drop
   * now. A drop without a turn binds to the first turn that streams a delta.
   */
  takeDeltaDrop(turnId: string, deltaCount: number): boolean {
    if (deltaCount === 1) {
      const unbound = this.#deltaDrops.find((drop) => drop.turnId === undefined);
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
    this.#deltaDrops = this.#deltaDrops.filter((drop) => drop.turnId !== turnId);
  }

  /** Disarms every fault and removes the latency. */
  clear(): void {
    this.#errors = [];
    this.#latency = null;
    this.#turnFailures = 0;
    this.#deltaDrops = [];
  }
}
