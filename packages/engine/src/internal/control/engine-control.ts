import type { OperationName } from '@partner-assistant/contract';
import { ApiError } from '../errors/api-error.ts';
import type { TenantCredentials, TenantOptions } from '../identity/runtime-tenants.ts';
import type { SeededRandomSource } from '../ids/seeded-random.ts';
import type { HttpJournalEntry, JournalEntry, JournalFilter } from '../journal/request-journal.ts';
import type { ReferenceEngine } from '../runtime/reference-engine-surfaces.ts';
import type { ContractViolation } from '../self-check/contract-self-check.ts';
import type { ResolvedClock } from '../time/engine-clock.ts';
import { controlInput } from './control-input.ts';
import {
  accessTokenSchema,
  advanceSchema,
  instantSchema,
  journalFilterSchema,
  tenantOptionSchema,
  tenantOptionsSchema,
} from './control-schemas.ts';
import { type FaultControl, faultControl, scopeOf, type TenantOption } from './fault-control.ts';

/**
 * The server's clock, as a test drives it. Every tenant (partner) has its own time on a manual
 * clock: with `{ tenant }` a call reads or moves only that tenant's time (its tokens, rate
 * windows, quotas and turns follow it), without it every tenant's time moves together.
 */
export interface ClockControl {
  /** `manual`: time moves only through {@link advance} and {@link set}. */
  readonly mode: 'real' | 'manual';
  /**
   * The current instant: the tenant's with `tenant`, else the server's.
   * @example control.clock.now({ tenant: partnerId })
   */
  now(options?: TenantOption): Date;
  /**
   * Moves a manual clock `ms` forward, running every timer that falls due, in order: only the
   * tenant's with `tenant`, else every tenant's.
   * @example control.clock.advance(15 * 60_000, { tenant: partnerId })
   */
  advance(ms: number, options?: TenantOption): void;
  /**
   * Moves a manual clock to `instant` (forward runs the timers due on the way): only the
   * tenant's with `tenant`, else every tenant's, all to the same instant.
   * @example control.clock.set('2026-03-10T23:59:00Z', { tenant: partnerId })
   */
  set(instant: Date | string, options?: TenantOption): void;
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

function clockControl(engine: ReferenceEngine, resolved: ResolvedClock): ClockControl {
  const { time } = engine;
  const manual = () => {
    if (time.manual) return time.manual;
    throw new ApiError(
      'invalid_request',
      'The server clock is real: start it with { clock: "manual" } (or --clock manual) to move time',
    );
  };
  const partnerOf = (options: TenantOption | undefined) =>
    scopeOf(engine, controlInput(tenantOptionSchema, options ?? {}).tenant)?.partnerId;
  return {
    mode: resolved.mode,
    now: (options) => new Date(time.ofPartner(partnerOf(options)).now()),
    advance: (ms, options) =>
      time.advance(manual(), controlInput(advanceSchema, ms, 'ms'), partnerOf(options)),
    set: (instant, options) => {
      const instantMs = new Date(controlInput(instantSchema, instant, 'instant')).getTime();
      time.set(manual(), instantMs, partnerOf(options));
    },
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
    clock: clockControl(engine, options.clock),
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
