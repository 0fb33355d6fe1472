/**
 * The real reference server for the client's tests, with a tenant per test file and user tokens
 * issued the way a partner's backend issues them.
 */
import { PartnerBackend } from '@partner-assistant/backend';
import type { Token } from '@partner-assistant/contract';
import {
  DEMO_CONFIG,
  type RunningReferenceServer,
  startReferenceServer,
  type TenantCredentials,
  type TenantOptions,
} from '@partner-assistant/reference-server';
import { WebSocket as UndiciWebSocket } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import {
  PartnerAssistantClient,
  type PartnerAssistantClientOptions,
  type WebSocketConstructor,
} from '../../src/index.ts';
import type { Timers } from '../../src/realtime/platform.ts';

/** undici's WebSocket: the standard browser API, in Node 20. */
export const StandardWebSocket = UndiciWebSocket as unknown as WebSocketConstructor;

export type { RunningReferenceServer, TenantCredentials };

/** What a test file asks of its server. */
export interface TestServerOptions {
  clock?: 'real' | 'manual';
  /** Time the simulated assistant takes per answer (the demo configuration's is 1500 ms). */
  processingMs?: number;
}

/**
 * The server profile of the run, read when called: `PARTNER_ASSISTANT_PROFILE=minimal` (a
 * project's `test.env`) runs the suites against a server that answers only what the specification
 * shows, with ids in upper case.
 */
export function testProfile(): 'full' | 'minimal' {
  return process.env.PARTNER_ASSISTANT_PROFILE === 'minimal' ? 'minimal' : 'full';
}

/**
 * Whether the run's server answers only what the specification shows: what our decisions add
 * (`Retry-After`, `X-Request-Id` on success, `RateLimit-*`, `has_more`, `user_message_id` in the
 * REST send answer, ids in lower case) is then absent, and a test expects the SDK's fallback.
 */
export const isMinimalProfile = (): boolean => testProfile() === 'minimal';

/** Starts the server on a free loopback port, with its demo configuration and the run's profile. */
export function startServer(options: TestServerOptions = {}): Promise<RunningReferenceServer> {
  const { processingMs, ...rest } = options;
  const assistant = { processing_ms: processingMs };
  const config = processingMs === undefined ? undefined : { ...DEMO_CONFIG, assistant };
  return startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    profile: testProfile(),
    ...rest,
    ...(config ? { config } : {}),
  });
}

/** A fresh tenant: its own partner, application, users and quotas. */
export function createTenant(
  server: RunningReferenceServer,
  options: TenantOptions = {},
): TenantCredentials {
  return server.control.tenants.create({
    limits: { requests_per_minute: 10_000, concurrent_turns: 200, daily_messages: 10_000 },
    ...options,
  });
}

/** The server and tenant of one test file, set before its tests run. */
export interface TestServer {
  server: RunningReferenceServer;
  tenant: TenantCredentials;
}

/** Starts a server and a tenant before the file's tests, and closes the server after them. */
export function useReferenceServer(options: TestServerOptions = {}): TestServer {
  const context = {} as TestServer;
  beforeAll(async () => {
    context.server = await startServer(options);
    context.tenant = createTenant(context.server);
  });
  afterAll(() => context.server.close());
  return context;
}

/** Issues a user token with the tenant's application credentials, as the partner's backend does. */
export function issueToken(
  server: RunningReferenceServer,
  tenant: TenantCredentials,
  externalUserId = `user-${crypto.randomUUID()}`,
): Promise<Token> {
  const backend = new PartnerBackend({
    baseUrl: server.url,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
  });
  return backend.issueToken({ externalUserId });
}

/**
 * A client of one fresh user of `tenant` whose retries never really sleep (the waits are recorded);
 * on `timers` when given (to see when none is left to fire).
 */
export function clientFor(
  server: RunningReferenceServer,
  tenant: TenantCredentials,
  options: Partial<PartnerAssistantClientOptions> = {},
  timers?: Timers,
) {
  const waits: number[] = [];
  const externalUserId = `user-${crypto.randomUUID()}`;
  const tokenCalls: Token[] = [];
  const client = new PartnerAssistantClient(
    {
      baseUrl: server.url,
      token: async () => {
        const token = await issueToken(server, tenant, externalUserId);
        tokenCalls.push(token);
        return token;
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
      WebSocket: StandardWebSocket,
      ...options,
    },
    { fallbackWebSocket: undefined, ...(timers ? { timers } : {}) },
  );
  return { client, waits, tokenCalls, externalUserId };
}

/** Rejects into the error, to assert on it. */
export function failureOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

/** Resolves once `condition()` holds, checking every 10 ms; rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
