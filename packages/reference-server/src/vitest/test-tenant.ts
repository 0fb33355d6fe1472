import type {
  ArmedFault,
  FaultControl,
  JournalEntry,
  JournalFilter,
  LatencySetting,
  NetworkFaultOptions,
  TenantCredentials,
  TenantOptions,
} from '@partner-assistant/engine/transport';
import { adminCall } from './admin-call.ts';
import { URL_ENV } from './global-setup.ts';

/** Options of {@link createTestTenant}: the tenant's own, and where the server is. */
export interface TestTenantOptions extends TenantOptions {
  /**
   * REST base URL of the reference server (started with its admin API).
   * @default process.env.PARTNER_ASSISTANT_URL, which the vitest and jest global setups set
   * @example createTestTenant({ url: inject('partnerAssistantUrl') })
   */
  url?: string;
}

type WithoutTenant<T> = Omit<T, 'tenant'>;

/** The server's controls, each acting on one tenant only; every call resolves once applied. */
export interface TestTenantControls {
  /** The tenant's own time: moving it fires its turns, token expiry and quotas, nobody else's. */
  clock: {
    /** The tenant's instant. @example await tenant.clock.now() */
    now(): Promise<Date>;
    /** Moves the tenant's time `ms` forward; resolves with its new instant. @example await tenant.clock.advance(5_000) */
    advance(ms: number): Promise<Date>;
    /** Moves the tenant's time to `instant`. @example await tenant.clock.set('2026-03-10T23:59:59Z') */
    set(instant: Date | string): Promise<Date>;
  };
  /** Faults that reach the tenant's requests, turns and sockets only. */
  faults: {
    /** @example await tenant.faults.injectErrors({ count: 1, code: 'queue_unavailable' }) */
    injectErrors(
      options: WithoutTenant<Parameters<FaultControl['injectErrors']>[0]>,
    ): Promise<void>;
    /** Latency of the tenant's REST answers; `null` removes it. @example await tenant.faults.setLatency({ ms: 250 }) */
    setLatency(latency: LatencySetting | null): Promise<void>;
    /** Cuts the tenant's open sockets (1006); resolves with how many. @example await tenant.faults.dropSockets() */
    dropSockets(): Promise<number>;
    /** @example await tenant.faults.dropAfterDelta({ afterDeltas: 2 }) */
    dropAfterDelta(options: { afterDeltas: number; turnId?: string }): Promise<void>;
    /** The tenant's next `count` turns fail. @default count 1 @example await tenant.faults.failNextTurns() */
    failNextTurns(count?: number): Promise<void>;
    /** @example await tenant.faults.connectionReset({ operation: 'sendMessage' }) */
    connectionReset(options?: WithoutTenant<NetworkFaultOptions>): Promise<void>;
    /** @example await tenant.faults.hang({ operation: 'listMessages' }) */
    hang(options?: WithoutTenant<NetworkFaultOptions>): Promise<void>;
    /** The faults armed for the tenant. @example expect(await tenant.faults.list()).toEqual([]) */
    list(): Promise<ArmedFault[]>;
    /** Disarms the tenant's faults and latency. @example await tenant.faults.clear() */
    clear(): Promise<void>;
  };
  /** The tenant's entries of the request journal. */
  journal: {
    /** @example await tenant.journal.entries({ operation: 'sendMessage' }) */
    entries(filter?: WithoutTenant<JournalFilter>): Promise<JournalEntry[]>;
    /** @example await tenant.journal.clear() */
    clear(): Promise<void>;
  };
  /**
   * Drops the tenant's data, tokens, sockets, usage, faults and journal entries, and puts its
   * time back to the server's; its credentials stay valid. Call it after each test.
   * @example afterEach(() => tenant.reset())
   */
  reset(): Promise<void>;
}

/** A tenant of one test file: its credentials, the server's URL and controls scoped to it. */
export interface TestTenant extends TenantCredentials, TestTenantControls {
  /** REST base URL of the server. */
  readonly url: string;
}

const dateOf = (answer: unknown) => new Date((answer as { now: string }).now);

/** The controls of `credentials`' tenant on the server at `url`, over its admin API. */
function scopedControls(url: string, tenant: string): TestTenantControls {
  const post = async (path: string, body: object = {}) =>
    adminCall(url, { method: 'POST', path, body: { ...body, tenant } });
  const query = { tenant };
  const done = () => undefined;
  return {
    clock: {
      now: async () => dateOf(await adminCall(url, { method: 'GET', path: '/clock', query })),
      advance: async (ms) => dateOf(await post('/clock/advance', { ms })),
      set: async (instant) => dateOf(await post('/clock/set', { instant })),
    },
    faults: {
      injectErrors: (options) => post('/faults/errors', options).then(done),
      setLatency: (latency) =>
        (latency === null
          ? adminCall(url, { method: 'DELETE', path: '/faults/latency', query })
          : post('/faults/latency', latency)
        ).then(done),
      dropSockets: async () =>
        ((await post('/faults/drop-sockets')) as { dropped: number }).dropped,
      dropAfterDelta: (options) => post('/faults/drop-after-delta', options).then(done),
      failNextTurns: (count = 1) => post('/faults/fail-next-turns', { count }).then(done),
      connectionReset: (options = {}) => post('/faults/connection-reset', options).then(done),
      hang: (options = {}) => post('/faults/hang', options).then(done),
      list: async () =>
        (
          (await adminCall(url, { method: 'GET', path: '/faults', query })) as {
            faults: ArmedFault[];
          }
        ).faults,
      clear: () => adminCall(url, { method: 'DELETE', path: '/faults', query }).then(done),
    },
    journal: {
      entries: async (filter = {}) => {
        const { since, ...rest } = filter;
        const search = {
          ...rest,
          ...query,
          since: since instanceof Date ? since.toISOString() : since,
        };
        const answer = await adminCall(url, { method: 'GET', path: '/journal', query: search });
        return (answer as { entries: JournalEntry[] }).entries;
      },
      clear: () => adminCall(url, { method: 'DELETE', path: '/journal', query }).then(done),
    },
    reset: () => post('/reset').then(done),
  };
}

/**
 * Creates a tenant (a partner with one application) for one test file, on the reference server
 * the global setup started, with every control scoped to it: its own data, faults, journal and
 * time. Test files running in parallel on one server each move their own clock only, so a step in
 * one never completes another's turn or expires another's token. Needs the server's admin API
 * (`admin: true`, or `--admin`); a refusal rejects with an `ApiError`.
 *
 * @example
 * import { createTestTenant, type TestTenant } from '@partner-assistant/reference-server/vitest';
 *
 * let tenant: TestTenant;
 * beforeAll(async () => {
 *   tenant = await createTestTenant({ name: 'checkout tests' });
 * });
 * afterEach(() => tenant.reset());
 * // in a test: await tenant.clock.advance(5_000);
 */
export async function createTestTenant(options: TestTenantOptions = {}): Promise<TestTenant> {
  const { url: givenUrl, ...tenantOptions } = options;
  const url = givenUrl ?? process.env[URL_ENV];
  if (!url) {
    throw new TypeError(
      `createTestTenant: no server URL; pass { url } or set ${URL_ENV} (the global setups set it)`,
    );
  }
  const credentials = (await adminCall(url, {
    method: 'POST',
    path: '/tenants',
    body: tenantOptions,
  })) as TenantCredentials;
  // The partner id: the tenant's time belongs to its partner, and it covers its one application.
  return { ...credentials, url, ...scopedControls(url, credentials.partnerId) };
}
