import { DEMO_CONFIG } from '../config/demo-config.ts';
import { parseReferenceConfig } from '../config/parse-reference-config.ts';
import { createEngineControl, type EngineControl } from '../control/engine-control.ts';
import type { RandomSource } from '../ids/random-source.ts';
import { createPrng, createSeededRandomSource } from '../ids/seeded-random.ts';
import type { ServerProfile, UuidCase } from '../profile/server-profile.ts';
import type { ContractViolation } from '../self-check/contract-self-check.ts';
import type { EngineClock } from '../time/clock.ts';
import { resolveClock } from '../time/engine-clock.ts';
import { createReferenceEngine } from './reference-engine.ts';
import type { EngineTransport, ReferenceEngine } from './reference-engine-surfaces.ts';

/**
 * Options shared by every transport over the engine (the reference server, the msw handlers):
 * the configuration, the clock and deterministic mode.
 */
export interface EngineRuntimeOptions {
  /**
   * Configuration (same shape as the config file), validated here.
   * @default DEMO_CONFIG
   * @example { ...DEMO_CONFIG, assistant: { processing_ms: 200 } }
   */
  config?: unknown;
  /**
   * `real`, `manual` (time moves only through `control.clock`) or a clock of your own.
   * @default 'manual' when `seed` is set, else 'real'
   * @example 'manual'
   */
  clock?: 'real' | 'manual' | EngineClock | undefined;
  /**
   * Deterministic mode: seeded ids, tokens and latency draws, and (unless `clock` says otherwise)
   * a manual clock frozen at `startAt`. Tests only: tokens become predictable.
   * @default none (random ids, real clock)
   * @example 'my-suite'
   */
  seed?: string | number | undefined;
  /**
   * Start instant of a manual clock.
   * @default '2026-01-01T00:00:00.000Z' with a seed, else now
   * @example '2026-03-10T12:00:00Z'
   */
  startAt?: string | Date | undefined;
  /**
   * Validate every response and event against the contract before it leaves.
   * @default true when NODE_ENV is `test` or CI is set
   * @example false
   */
  selfCheck?: boolean | undefined;
  /**
   * Ids and random bytes (overrides `seed` for ids).
   * @default cryptoRandomSource
   * @example createSeededRandomSource('ids')
   */
  random?: RandomSource | undefined;
  /**
   * Told about each contract violation the self-check catches (to log it).
   * @default none
   * @example (violation) => console.error(violation)
   */
  onContractViolation?: ((violation: ContractViolation) => void) | undefined;
  /**
   * `minimal` answers only what the specification shows: no field, header or status body that
   * only our decisions add where the specification lists the fields, so that a client tested
   * against it requires nothing the real API does not promise. What the specification leaves
   * open (turn events' payloads, `seq`, `turn.subscribe`, the turn beyond its five fields) stays.
   * @default 'full'
   * @example 'minimal'
   */
  profile?: ServerProfile | undefined;
  /**
   * Case of the UUIDs the server issues; it reads them in either case.
   * @default 'upper' in the minimal profile, else 'lower'
   * @example 'upper'
   */
  uuidCase?: UuidCase | undefined;
}

/** An engine and the test-runner controls over it. */
export interface EngineRuntime {
  /** The engine: transports use its {@link EngineTransport} side, controls the rest. */
  engine: ReferenceEngine;
  /** Clock, faults, tokens, tenants, journal, self-check, reset. */
  control: EngineControl;
}

/** The self-check default: on in test runners and CI (never reads a missing `process`). */
export function selfCheckByDefault(
  env: Record<string, string | undefined> = globalThis.process?.env ?? {},
): boolean {
  return env.NODE_ENV === 'test' || (env.CI !== undefined && env.CI !== '' && env.CI !== 'false');
}

/**
 * Builds an engine and its controls from the options every transport shares.
 *
 * @throws {ReferenceConfigError} when the configuration is invalid.
 * @example
 * const { engine, control } = createEngineRuntime({ seed: 'suite' });
 * control.clock.advance(1_000);
 */
export function createEngineRuntime(options: EngineRuntimeOptions = {}): EngineRuntime {
  const config = parseReferenceConfig(options.config ?? DEMO_CONFIG);
  const clock = resolveClock(options);
  const seeded = options.seed === undefined ? undefined : createSeededRandomSource(options.seed);
  const random = options.random ?? seeded;
  const engine = createReferenceEngine({
    config,
    clock: clock.clock,
    ...(random ? { random } : {}),
    ...(options.seed === undefined ? {} : { faultPrng: createPrng(`${options.seed}:faults`) }),
    selfCheck: options.selfCheck ?? selfCheckByDefault(),
    ...(options.onContractViolation ? { onContractViolation: options.onContractViolation } : {}),
    profile: options.profile,
    uuidCase: options.uuidCase,
  });
  const control = createEngineControl({
    engine,
    clock,
    random: options.random ? undefined : seeded,
  });
  return { engine, control };
}
