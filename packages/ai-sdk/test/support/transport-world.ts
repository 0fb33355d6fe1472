/**
 * One reference server (the run's profile) for the transport's tests, on a virtual clock that
 * the test moves (an answer is written only while it does: a test can hold a turn mid-answer):
 * users with clients, some through a TCP proxy whose network a test cuts and gives back, some
 * with an outbox.
 */
import {
  PartnerAssistantClient as Client,
  type PartnerAssistantClient,
} from '@partner-assistant/client';
import { createOutbox } from '@partner-assistant/client/outbox';
import { afterAll, beforeAll } from 'vitest';
import { MemoryStorage } from '../../../client/src/outbox/memory-storage.test-support.ts';
import {
  createTenant,
  issueToken,
  StandardWebSocket,
  type TenantCredentials,
  useReferenceServer,
} from '../../../client/test/support/reference-server.ts';
import { startTcpProxy, type TcpProxy } from '../../../client/test/support/tcp-proxy.ts';

/** How a user's client reaches the API. */
export interface ClientOptions {
  /** Through the proxy (`proxy.cut()` takes the network away). */
  proxied?: boolean;
  /** With an outbox on this storage. */
  storage?: MemoryStorage;
  /** The tenant (the file's own by default). */
  tenant?: TenantCredentials;
}

/** A user: clients made for it (closed after the file). */
export interface TestUser {
  client(options?: ClientOptions): PartnerAssistantClient;
}

/** Virtual time moved at each step of {@link transportWorld}'s `until`. */
const STEP_MS = 20;

/** The file's server, its proxy and its users; answers take `processingMs` of virtual time. */
export function transportWorld(processingMs: number) {
  // biome-ignore lint/correctness/useHookAtTopLevel: vitest's beforeAll and afterAll, not React's.
  const env = useReferenceServer({ clock: 'manual', processingMs });
  const clients: PartnerAssistantClient[] = [];
  const world = {
    env,
    proxy: undefined as unknown as TcpProxy,
    /** A tenant whose questions may be 20 characters at most. */
    strict: undefined as unknown as TenantCredentials,
    /**
     * Moves the server's clock (20 ms at a time, letting the sockets deliver in between) until
     * `condition()` holds: at most 5 s of real time.
     */
    async until(condition: () => boolean): Promise<void> {
      const deadline = Date.now() + 5000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error('condition not met in time');
        env.server.control.clock.advance(STEP_MS);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    /** Moves the server's clock until `promise` settles; its result. */
    async settle<T>(promise: Promise<T>): Promise<T> {
      let settled = false;
      const done = promise.finally(() => {
        settled = true;
      });
      await world.until(() => settled);
      return done;
    },
    user(): TestUser {
      const externalUserId = `user-${crypto.randomUUID()}`;
      const client = ({ proxied, storage, tenant = env.tenant }: ClientOptions = {}) => {
        const made = new Client({
          baseUrl: proxied ? world.proxy.url : env.server.url,
          token: () => issueToken(env.server, tenant, externalUserId),
          WebSocket: StandardWebSocket,
          reconnectBackoff: () => 20,
          sleep: async () => {},
          ...(storage && { outbox: createOutbox({ storage }) }),
        });
        clients.push(made);
        return made;
      };
      return { client };
    },
  };
  beforeAll(async () => {
    world.proxy = await startTcpProxy(env.server.url);
    world.strict = createTenant(env.server, {
      limits: {
        message_characters: 20,
        requests_per_minute: 10_000,
        concurrent_turns: 200,
        daily_messages: 10_000,
      },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await world.proxy.close();
  });
  return world;
}

export { MemoryStorage };
