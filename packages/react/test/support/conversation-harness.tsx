/**
 * React components under test, against the real reference server: a client per test user, with
 * Node's fetch and undici's WebSocket (happy-dom's own would enforce a page origin).
 */
import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient, type WebSocketConstructor } from '@partner-assistant/client';
import {
  DEMO_CONFIG,
  type RunningReferenceServer,
  startReferenceServer,
  type TenantCredentials,
} from '@partner-assistant/reference-server';
import { WebSocket as NodeWebSocket, fetch as nodeFetch } from 'undici';
import { afterAll, beforeAll } from 'vitest';

/** The server and tenant of one test file. */
export interface Harness {
  server: RunningReferenceServer;
  tenant: TenantCredentials;
}

/** Starts a server (short answers) and a tenant for the file. */
export function serverForFile(options: { clock?: 'real' | 'manual' } = {}): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.server = await startReferenceServer({
      port: 0,
      host: '127.0.0.1',
      config: { ...DEMO_CONFIG, assistant: { processing_ms: 80 } },
      ...options,
    });
    harness.tenant = harness.server.control.tenants.create({
      limits: { requests_per_minute: 10_000, concurrent_turns: 100, daily_messages: 10_000 },
    });
  });
  afterAll(() => harness.server.close());
  return harness;
}

/** A client for a new user of the tenant (or of `externalUserId`). */
export function newClient(
  harness: Harness,
  options: {
    externalUserId?: string;
    token?: () => Promise<string>;
    WebSocket?: WebSocketConstructor;
  } = {},
) {
  const { server, tenant } = harness;
  const backend = new PartnerBackend({
    baseUrl: server.url,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
    fetch: nodeFetch as unknown as typeof fetch,
    dangerouslyAllowBrowser: true, // the partner's server side of this test, under happy-dom
  });
  const externalUserId = options.externalUserId ?? `user-${crypto.randomUUID()}`;
  const client = new PartnerAssistantClient({
    baseUrl: server.url,
    token: options.token ?? (() => backend.issueToken({ externalUserId })),
    fetch: nodeFetch as unknown as typeof fetch,
    WebSocket: options.WebSocket ?? (NodeWebSocket as unknown as WebSocketConstructor),
  });
  return { client, externalUserId, backend };
}
