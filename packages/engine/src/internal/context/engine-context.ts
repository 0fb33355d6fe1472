import type { FaultPlan } from '../faults/fault-plan.ts';
import type { RandomSource } from '../ids/random-source.ts';
import type { EngineState } from '../state/engine-state.ts';
import type { EngineClock } from '../time/clock.ts';
import type { TenantTime } from '../time/tenant-time.ts';

/** Server-wide settings of the engine. */
export interface EngineSettings {
  /** Time from acceptance to the end of a turn, in milliseconds. */
  processingMs: number;
  /** Bound on queued + running turns, server-wide. */
  queueCapacity: number;
}

/** What every part of the engine shares: state, time, randomness and settings. */
export interface EngineContext {
  /** In-memory store. */
  readonly state: EngineState;
  /** The server's time and timers (the journal's, and of requests no tenant owns). */
  readonly clock: EngineClock;
  /** Each tenant's time: what tokens, rate windows, quotas and turns of a tenant follow. */
  readonly time: TenantTime;
  /** Ids and random bytes. */
  readonly random: RandomSource;
  /** Server-wide settings. */
  readonly settings: EngineSettings;
  /** Faults armed by a test (injected errors, failing turns, dropped sockets, latency). */
  readonly faults: FaultPlan;
}

/** The clock of the tenant (partner) owning application `clientId`. */
export function clockOf(context: EngineContext, clientId: string): EngineClock {
  return context.time.ofPartner(context.state.applications.get(clientId)?.partnerId);
}

/** The current instant of `clientId`'s tenant as the API writes it (ISO 8601, UTC, ms). */
export function timestampNow(context: EngineContext, clientId: string): string {
  return new Date(clockOf(context, clientId).now()).toISOString();
}
