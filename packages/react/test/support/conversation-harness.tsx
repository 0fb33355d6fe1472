/**
 * React components under test, against either the real reference server (real sockets, Node's
 * fetch and undici's WebSocket, since happy-dom's own would enforce a page origin) or the msw
 * handlers (the runtime's `fetch` and `WebSocket`, which msw intercepts). Both run the same
 * engine and offer the same controls.
 */
import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient, type WebSocketConstructor } from '@partner-assistant/client';
import {
  createPartnerAssistantHandlers,
  type PartnerAssistantControl,
} from '@partner-assistant/msw';
import {
  DEMO_CONFIG,
  startReferenceServer,
  type TenantCredentials,
} from '@partner-assistant/reference-server';
import { renderHook } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { WebSocket as NodeWebSocket, fetch as nodeFetch } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import {
  PartnerAssistantProvider,
  type UseConversationOptions,
  useConversation,
} from '../../src/index.ts';

/** Where the file's API runs. */
export type Backing = 'reference server' | 'msw handlers';

/** The API, its controls and the tenant of one test file. */
export interface Harness {
  backing: Backing;
  baseUrl: string;
  control: PartnerAssistantControl;
  tenant: TenantCredentials;
}

const config = { ...DEMO_CONFIG, assistant: { processing_ms: 80 } };
/** `PARTNER_ASSISTANT_PROFILE=minimal` (read when called): the API answers only what the specification shows. */
const testProfile = (): 'full' | 'minimal' =>
  process.env.PARTNER_ASSISTANT_PROFILE === 'minimal' ? 'minimal' : 'full';
const limits = { requests_per_minute: 10_000, concurrent_turns: 100, daily_messages: 10_000 };

async function start(
  backing: Backing,
): Promise<{ baseUrl: string; control: PartnerAssistantControl; close(): Promise<void> }> {
  const profile = testProfile();
  if (backing === 'reference server') {
    const server = await startReferenceServer({ port: 0, host: '127.0.0.1', config, profile });
    return { baseUrl: server.url, control: server.control, close: () => server.close() };
  }
  // Node 20 has no global WebSocket: msw wraps the global one when it starts listening.
  globalThis.WebSocket ??= NodeWebSocket as unknown as typeof globalThis.WebSocket;
  const baseUrl = 'https://assistant.example.test';
  const { handlers, control } = createPartnerAssistantHandlers({ baseUrl, config, profile });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { baseUrl, control, close: async () => server.close() };
}

/** Starts the API (short answers) and a tenant for the tests of the enclosing block. */
export function serverForFile(backing: Backing = 'reference server'): Harness {
  const harness = { backing } as Harness;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const started = await start(backing);
    Object.assign(harness, { baseUrl: started.baseUrl, control: started.control });
    close = started.close;
    harness.tenant = started.control.tenants.create({ limits });
  });
  afterAll(() => close());
  return harness;
}

/** A client for a new user of the tenant (or of `externalUserId`). */
export function newClient(
  harness: Harness,
  options: {
    externalUserId?: string;
    token?: () => Promise<string>;
    WebSocket?: WebSocketConstructor;
    reconnectBackoff?: (attempt: number) => number;
  } = {},
) {
  const { baseUrl, tenant } = harness;
  // Over msw, the runtime's own fetch and WebSocket (intercepted); over sockets, Node's.
  const real = harness.backing === 'reference server';
  const fetch = real ? (nodeFetch as unknown as typeof globalThis.fetch) : undefined;
  const backend = new PartnerBackend({
    baseUrl,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
    ...(fetch ? { fetch } : {}),
    dangerouslyAllowBrowser: true, // the partner's server side of this test, under happy-dom
  });
  const externalUserId = options.externalUserId ?? `user-${crypto.randomUUID()}`;
  const WebSocket =
    options.WebSocket ?? (real ? (NodeWebSocket as unknown as WebSocketConstructor) : undefined);
  const client = new PartnerAssistantClient({
    baseUrl,
    token: options.token ?? (() => backend.issueToken({ externalUserId })),
    ...(fetch ? { fetch } : {}),
    ...(WebSocket ? { WebSocket } : {}),
    ...(options.reconnectBackoff ? { reconnectBackoff: options.reconnectBackoff } : {}),
  });
  return { client, externalUserId, backend };
}

/** Renders `useConversation` under a provider of `client` (in StrictMode when `strict`). */
export function renderConversation(
  client: PartnerAssistantClient,
  conversationId: string,
  { strict = false, ...options }: UseConversationOptions & { strict?: boolean } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PartnerAssistantProvider client={client}>{children}</PartnerAssistantProvider>
  );
  return renderHook(() => useConversation(conversationId, options), {
    wrapper,
    reactStrictMode: strict,
  });
}

/** A new conversation of `client`, with `questions` questions asked and answered. */
export async function conversationWith(client: PartnerAssistantClient, questions: number) {
  const { conversation_id } = await client.conversations.create();
  for (let i = 0; i < questions; i++) {
    const turn = await client.messages.send(conversation_id, { message: `Question ${i}?` });
    await client.turns.wait(turn.turn_id, { pollIntervalMs: 20 });
  }
  return conversation_id;
}
