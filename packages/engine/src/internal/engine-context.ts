import type { EngineClock } from './clock.ts';
import type { FaultPlan } from './faults/fault-plan.ts';
import type { RandomSource } from './random-source.ts';
import type { EngineState } from './state/engine-state.ts';

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
  /** Time and timers. */
  readonly clock: EngineClock;
  /** Ids and random bytes. */
  readonly random: RandomSource;
  /** Server-wide settings. */
  readonly settings: EngineSettings;
  /** Faults armed by a test (injected errors, failing turns, dropped sockets, latency). */
  readonly faults: FaultPlan;
}

/** The current instant as the API writes it (ISO 8601, UTC, milliseconds). */
export function timestampNow(context: EngineContext): string {
  return new Date(context.clock.now()).toISOString();
}
