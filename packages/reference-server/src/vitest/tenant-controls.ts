import type {
  ArmedFault,
  FaultControl,
  JournalEntry,
  JournalFilter,
  LatencySetting,
  NetworkFaultOptions,
} from '@partner-assistant/engine/transport';
import { adminCall } from './admin-call.ts';

type WithoutTenant<T> = Omit<T, 'tenant'>;

/**
 * The server's controls, each acting on one tenant only, over the admin API: the same as
 * `server.control` with `{ tenant }` on every call. Every call resolves once applied and rejects
 * with an `ApiError` when the server refuses it.
 */
export interface TestTenantControls {
  /** The tenant's own time: moving it fires its turns, token expiry and quotas, nobody else's. */
  clock: {
    /**
     * The tenant's instant.
     * @example const now = await tenant.clock.now();
     */
    now(): Promise<Date>;
    /**
     * Moves the tenant's time `ms` forward, running its timers due on the way; resolves with its
     * new instant. Other tenants' time stays where it is.
     * @example await tenant.clock.advance(5_000);
     */
    advance(ms: number): Promise<Date>;
    /**
     * Moves the tenant's time to `instant` (forward runs its timers due on the way).
     * @example await tenant.clock.set('2026-03-10T23:59:59Z');
     */
    set(instant: Date | string): Promise<Date>;
  };
  /** Faults that reach the tenant's requests, turns and sockets only. */
  faults: {
    /**
     * The tenant's next `count` matching REST requests answer `code`.
     * @example await tenant.faults.injectErrors({ count: 1, code: 'queue_unavailable' });
     */
    injectErrors(
      options: WithoutTenant<Parameters<FaultControl['injectErrors']>[0]>,
    ): Promise<void>;
    /**
     * Latency of the tenant's REST answers; `null` removes it.
     * @example await tenant.faults.setLatency({ ms: 250 });
     */
    setLatency(latency: LatencySetting | null): Promise<void>;
    /**
     * Cuts the tenant's open sockets (clients see 1006); resolves with how many.
     * @example await tenant.faults.dropSockets();
     */
    dropSockets(): Promise<number>;
    /**
     * Cuts the sockets following the tenant's next turn (or `turnId`) after its K-th delta.
     * @example await tenant.faults.dropAfterDelta({ afterDeltas: 2 });
     */
    dropAfterDelta(options: { afterDeltas: number; turnId?: string }): Promise<void>;
    /**
     * The tenant's next `count` turns end with `assistant.error` and status `failed`.
     * @default count 1
     * @example await tenant.faults.failNextTurns();
     */
    failNextTurns(count?: number): Promise<void>;
    /**
     * The connection of the tenant's next matching REST request is destroyed, unanswered.
     * @example await tenant.faults.connectionReset({ operation: 'sendMessage' });
     */
    connectionReset(options?: WithoutTenant<NetworkFaultOptions>): Promise<void>;
    /**
     * The tenant's next matching REST request is never answered.
     * @example await tenant.faults.hang({ operation: 'listMessages' });
     */
    hang(options?: WithoutTenant<NetworkFaultOptions>): Promise<void>;
    /**
     * The faults armed for the tenant.
     * @example expect(await tenant.faults.list()).toEqual([]);
     */
    list(): Promise<ArmedFault[]>;
    /**
     * Disarms the tenant's faults and latency, and lets go of its hung requests.
     * @example await tenant.faults.clear();
     */
    clear(): Promise<void>;
  };
  /** The tenant's entries of the request journal. */
  journal: {
    /**
     * The tenant's entries matching `filter`, newest last.
     * @example const sends = await tenant.journal.entries({ operation: 'sendMessage' });
     */
    entries(filter?: WithoutTenant<JournalFilter>): Promise<JournalEntry[]>;
    /**
     * Removes the tenant's entries.
     * @example await tenant.journal.clear();
     */
    clear(): Promise<void>;
  };
  /**
   * Drops the tenant's data, tokens, sockets, usage, faults and journal entries, and puts its
   * time back to the server's; its credentials stay valid. Call it after each test.
   * @example afterEach(() => tenant.reset());
   */
  reset(): Promise<void>;
}

const dateOf = (answer: unknown) => new Date((answer as { now: string }).now);
const done = () => undefined;

/** The controls of `tenant` (a partner or client id) on the server at `url`. */
export function tenantControls(url: string, tenant: string): TestTenantControls {
  const post = (path: string, body: object = {}) =>
    adminCall(url, { method: 'POST', path, body: { ...body, tenant } });
  const read = (path: string, query: Record<string, string | number | undefined> = {}) =>
    adminCall(url, { method: 'GET', path, query: { ...query, tenant } });
  const remove = (path: string) =>
    adminCall(url, { method: 'DELETE', path, query: { tenant } }).then(done);
  return {
    clock: {
      now: async () => dateOf(await read('/clock')),
      advance: async (ms) => dateOf(await post('/clock/advance', { ms })),
      set: async (instant) => dateOf(await post('/clock/set', { instant })),
    },
    faults: {
      injectErrors: (options) => post('/faults/errors', options).then(done),
      setLatency: (latency) =>
        latency === null ? remove('/faults/latency') : post('/faults/latency', latency).then(done),
      dropSockets: async () =>
        ((await post('/faults/drop-sockets')) as { dropped: number }).dropped,
      dropAfterDelta: (options) => post('/faults/drop-after-delta', options).then(done),
      failNextTurns: (count = 1) => post('/faults/fail-next-turns', { count }).then(done),
      connectionReset: (options = {}) => post('/faults/connection-reset', options).then(done),
      hang: (options = {}) => post('/faults/hang', options).then(done),
      list: async () => ((await read('/faults')) as { faults: ArmedFault[] }).faults,
      clear: () => remove('/faults'),
    },
    journal: {
      entries: async ({ since, ...filter } = {}) => {
        const from = since instanceof Date ? since.toISOString() : since;
        const answer = await read('/journal', { ...filter, since: from });
        return (answer as { entries: JournalEntry[] }).entries;
      },
      clear: () => remove('/journal'),
    },
    reset: () => post('/reset').then(done),
  };
}
