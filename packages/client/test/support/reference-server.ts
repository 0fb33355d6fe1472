/**
 * The real reference server for the client's tests, with a tenant per test file and user tokens
 * issued the way a partner's backend issues them.
 */
import { PartnerBackend } from '@partner-assistant/backend';
import type { Token } from '@partner-assistant/contract';
import {
  type RunningReferenceServer,
  startReferenceServer,
  type TenantCredentials,
  type TenantOptions,
} from '@partner-assistant/reference-server';
import { afterAll, beforeAll } from 'vitest';
import { PartnerAssistantClient, type PartnerAssistantClientOptions } from '../../src/index.ts';

export type { RunningReferenceServer, TenantCredentials };

/** Starts the server on a free loopback port, with its demo configuration. */
export function startServer(
  options: { clock?: 'real' | 'manual' } = {},
): Promise<RunningReferenceServer> {
  return startReferenceServer({ port: 0, host: '127.0.0.1', ...options });
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
export function useReferenceServer(options: { clock?: 'real' | 'manual' } = {}): TestServer {
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

/** A client of one fresh user of `tenant` whose retries never really sleep (the waits are recorded). */
export function clientFor(
  server: RunningReferenceServer,
  tenant: TenantCredentials,
  options: Partial<PartnerAssistantClientOptions> = {},
) {
  const waits: number[] = [];
  const externalUserId = `user-${crypto.randomUUID()}`;
  const tokenCalls: Token[] = [];
  const client = new PartnerAssistantClient({
    baseUrl: server.url,
    token: async () => {
      const token = await issueToken(server, tenant, externalUserId);
      tokenCalls.push(token);
      return token;
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
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
