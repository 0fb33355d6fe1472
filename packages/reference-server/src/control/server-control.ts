import type { OperationName } from '@partner-assistant/contract';
import {
  type ContractViolation,
  type DeltaDrop,
  type HttpJournalEntry,
  type InjectableErrorCode,
  type JournalEntry,
  type JournalFilter,
  type LatencySetting,
  ManualClock,
  type ReferenceEngine,
  type SeededRandomSource,
  type TenantCredentials,
  type TenantOptions,
} from '../engine/index.ts';
import {
  advanceSchema,
  dropAfterDeltaSchema,
  injectErrorsSchema,
  instantSchema,
  journalFilterSchema,
  latencySchema,
  tenantOptionsSchema,
  turnCountSchema,
} from './control-schemas.ts';
import type { ResolvedClock } from './server-clock.ts';

/** The server's clock, as a test drives it. */
export interface ClockControl {
  /** `manual`: time moves only through {@link advance} and {@link set}. */
  readonly mode: 'real' | 'manual';
  /** The engine's current instant. */
  now(): Date;
  /** Moves a manual clock `ms` forward, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** Moves a manual clock to `instant` (forward runs the timers due on the way). */
  set(instant: Date | string): void;
}

/** Fault injection, seeded and reproducible. */
export interface FaultControl {
  /** The next `count` matching REST requests answer `code` (with `Retry-After` when given). */
  injectErrors(options: {
    count: number;
    code: InjectableErrorCode;
    retryAfterSeconds?: number;
    operation?: OperationName;
  }): void;
  /** Adds latency to every REST answer (fixed or uniform in a range); `null` removes it. */
  setLatency(latency: LatencySetting | null): void;
  /** Cuts every open socket as a network loss (clients see 1006); returns how many. */
  dropSockets(): number;
  /** Cuts the sockets following a turn (or the next turn to stream) after its K-th delta. */
  dropAfterDelta(options: DeltaDrop): void;
  /** The next `count` turns end with `assistant.error` and status `failed`. */
  failNextTurns(count?: number): void;
  /** Disarms every fault and removes the latency. */
  clear(): void;
}

/** Test-runner controls of a running server. */
export interface ReferenceServerControl {
  /** The virtual (or real) clock. */
  clock: ClockControl;
  /** Fault injection. */
  faults: FaultControl;
  /** Token faults: open sockets using the token close with 4401. */
  tokens: {
    /** Makes the token expire now. */
    expire(accessToken: string): void;
    /** Revokes the token. */
    revoke(accessToken: string): void;
  };
  /** Tenants created at run time, isolated from every other. */
  tenants: {
    /** Creates a partner with one application and fresh credentials. */
    create(options?: TenantOptions): TenantCredentials;
  };
  /** The last requests and WebSocket frames (never a secret, token, user id or text). */
  journal: {
    /** REST entries of one operation, newest last. */
    entries(filter: JournalFilter & { operation: OperationName }): HttpJournalEntry[];
    /** REST entries, newest last. */
    entries(filter: JournalFilter & { kind: 'http' }): HttpJournalEntry[];
    /** Entries matching `filter`, newest last. */
    entries(filter?: JournalFilter): JournalEntry[];
    /** Empties the journal. */
    clear(): void;
  };
  /** The contract self-check. */
  selfCheck: {
    /** Whether responses and events are validated. */
    readonly enabled: boolean;
    /** Violations caught so far (assert it is empty). */
    violations(): ContractViolation[];
  };
  /** Everything back to the configuration (data, tokens, tenants, faults, journal); not the clock. */
  reset(): void;
}

function clockControl(resolved: ResolvedClock): ClockControl {
  const manual = () => {
    if (resolved.clock instanceof ManualClock) return resolved.clock;
    throw new Error(
      'The server clock is real: start it with { clock: "manual" } (or --clock manual) to move time',
    );
  };
  return {
    mode: resolved.mode,
    now: () => new Date(resolved.clock.now()),
    advance: (ms) => manual().advance(advanceSchema.parse(ms)),
    set: (instant) => manual().set(new Date(instantSchema.parse(instant)).getTime()),
  };
}

function faultControl(engine: ReferenceEngine): FaultControl {
  const { faults } = engine;
  return {
    injectErrors: (options) => faults.injectErrors(injectErrorsSchema.parse(options)),
    setLatency: (latency) => faults.setLatency(latencySchema.parse(latency)),
    dropSockets: () => engine.dropSockets(),
    dropAfterDelta: (options) => faults.dropAfterDelta(dropAfterDeltaSchema.parse(options)),
    failNextTurns: (count = 1) => faults.failNextTurns(turnCountSchema.parse(count)),
    clear: () => faults.clear(),
  };
}

/**
 * The `control` object of a running server: every input is validated (a bad one throws a
 * `ZodError` naming the field). A seeded random source starts over on {@link reset}, so each test
 * after a reset sees the same ids.
 */
export function createServerControl(options: {
  engine: ReferenceEngine;
  clock: ResolvedClock;
  random?: SeededRandomSource | undefined;
}): ReferenceServerControl {
  const { engine } = options;
  return {
    clock: clockControl(options.clock),
    faults: faultControl(engine),
    tokens: {
      expire: (token) => void engine.expireToken(token),
      revoke: (token) => void engine.revokeToken(token),
    },
    tenants: {
      create: (tenant) =>
        engine.createTenant(tenantOptionsSchema.parse(tenant ?? {}) as TenantOptions),
    },
    journal: {
      entries: ((filter?: JournalFilter) =>
        engine.journal.entries(
          journalFilterSchema.parse(filter ?? {}) as JournalFilter,
        )) as ReferenceServerControl['journal']['entries'],
      clear: () => engine.journal.clear(),
    },
    selfCheck: {
      enabled: engine.contractGuard.enabled,
      violations: () => engine.contractGuard.violations(),
    },
    reset: () => {
      engine.reset();
      options.random?.restart();
    },
  };
}
