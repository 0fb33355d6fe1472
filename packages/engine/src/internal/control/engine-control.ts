import type { OperationName } from '@partner-assistant/contract';
import { ApiError } from '../api-error.ts';
import {
  type ContractViolation,
  type HttpJournalEntry,
  type JournalEntry,
  type JournalFilter,
  ManualClock,
  type ReferenceEngine,
  type SeededRandomSource,
  type TenantCredentials,
  type TenantOptions,
} from '../index.ts';
import { controlInput } from './control-input.ts';
import {
  accessTokenSchema,
  advanceSchema,
  instantSchema,
  journalFilterSchema,
  tenantOptionSchema,
  tenantOptionsSchema,
} from './control-schemas.ts';
import type { ResolvedClock } from './engine-clock.ts';
import { type FaultControl, faultControl, scopeOf, type TenantOption } from './fault-control.ts';

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

/** Test-runner controls of a running server. */
export interface EngineControl {
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
    /** Entries matching `filter` (of one tenant, with `filter.tenant`), newest last. */
    entries(filter?: JournalFilter): JournalEntry[];
    /** Empties the journal (only the tenant's entries, with `tenant`). */
    clear(options?: TenantOption): void;
  };
  /** The contract self-check. */
  selfCheck: {
    /** Whether responses and events are validated. */
    readonly enabled: boolean;
    /** Violations caught so far (assert it is empty). */
    violations(): ContractViolation[];
  };
  /**
   * Everything back to the configuration (data, tokens, tenants, faults, journal); not the clock.
   * With `tenant`, only that tenant's data (users, conversations, turns, tokens, sockets, usage
   * counters), faults and journal entries, and its credentials stay valid: what parallel test
   * files sharing one server call between tests.
   */
  reset(options?: TenantOption): void;
}

function clockControl(resolved: ResolvedClock): ClockControl {
  const manual = () => {
    if (resolved.clock instanceof ManualClock) return resolved.clock;
    throw new ApiError(
      'invalid_request',
      'The server clock is real: start it with { clock: "manual" } (or --clock manual) to move time',
    );
  };
  return {
    mode: resolved.mode,
    now: () => new Date(resolved.clock.now()),
    advance: (ms) => manual().advance(controlInput(advanceSchema, ms, 'ms')),
    set: (instant) =>
      manual().set(new Date(controlInput(instantSchema, instant, 'instant')).getTime()),
  };
}

/**
 * The `control` object over an engine: every input is validated once (a bad one throws an
 * `ApiError` `invalid_request` naming the field). A seeded random source starts over on
 * `reset()`, so each test after a reset sees the same ids.
 */
export function createEngineControl(options: {
  engine: ReferenceEngine;
  clock: ResolvedClock;
  random?: SeededRandomSource | undefined;
}): EngineControl {
  const { engine } = options;
  return {
    clock: clockControl(options.clock),
    faults: faultControl(engine),
    tokens: {
      expire: (token) =>
        void engine.expireToken(controlInput(accessTokenSchema, token, 'accessToken')),
      revoke: (token) =>
        void engine.revokeToken(controlInput(accessTokenSchema, token, 'accessToken')),
    },
    tenants: {
      create: (tenant) =>
        engine.createTenant(controlInput(tenantOptionsSchema, tenant ?? {}) as TenantOptions),
    },
    journal: {
      entries: ((filter?: JournalFilter) => {
        const parsed = controlInput(journalFilterSchema, filter ?? {}) as JournalFilter;
        const scope = scopeOf(engine, parsed.tenant);
        return engine.journal.entries(parsed, scope && engine.journalScope(scope));
      }) as EngineControl['journal']['entries'],
      clear: (clearOptions) => {
        const scope = scopeOf(engine, controlInput(tenantOptionSchema, clearOptions ?? {}).tenant);
        engine.journal.clear(scope && engine.journalScope(scope));
      },
    },
    selfCheck: {
      enabled: engine.contractGuard.enabled,
      violations: () => engine.contractGuard.violations(),
    },
    reset: (resetOptions) => {
      const scope = scopeOf(engine, controlInput(tenantOptionSchema, resetOptions ?? {}).tenant);
      engine.reset(scope);
      // Another tenant's test may be running: only a full reset starts the id sequence over.
      if (!scope) options.random?.restart();
    },
  };
}
