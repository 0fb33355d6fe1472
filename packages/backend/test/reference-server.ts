/**
 * Starts the reference server with the partners whose settings the tests assert on, and drives
 * it with its control API (fault injection, request journal, reset).
 */
import { PATH_PREFIX } from '@partner-assistant/contract';
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import { PartnerBackend, type PartnerBackendOptions } from '../src/index.ts';

/** The running reference server these tests talk to. */
export type ReferenceServer = RunningReferenceServer;

const SCOPES = ['chat:read', 'chat:write', 'feedback:write'];
const LIMITS = {
  message_characters: 2000,
  requests_per_minute: 10_000,
  concurrent_turns: 10,
  daily_messages: 10_000,
};

/** Credentials of the configured applications; the secrets are what the redaction test hunts. */
export const PARTNER_A = {
  clientId: 'backend-test-a',
  clientSecret: 'sk_test_A-9f8e7d6c5b4a-never-shown',
};
export const PARTNER_B = {
  clientId: 'backend-test-b',
  clientSecret: 'sk_test_B-0a1b2c3d4e5f-never-shown',
};
/** An application allowed two requests a minute, to meet the server's real rate limiter. */
export const PARTNER_LIMITED = {
  clientId: 'backend-test-limited',
  clientSecret: 'sk_test_L-5e6f7a8b9c0d-never-shown',
};
/** Token lifetime of both applications, in seconds. */
export const TOKEN_TTL_SECONDS = 600;

function application(
  credentials: { clientId: string; clientSecret: string },
  requestsPerMinute = LIMITS.requests_per_minute,
) {
  return {
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    environment: 'sandbox',
    scopes: SCOPES,
    capabilities: ['administrative_procedures', 'local_life'],
    locales: ['fr-FR', 'en-GB'],
    limits: { ...LIMITS, requests_per_minute: requestsPerMinute },
    token_ttl_seconds: TOKEN_TTL_SECONDS,
  };
}

const config = {
  partners: [
    {
      id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a51',
      name: 'Partner A',
      applications: [application(PARTNER_A)],
    },
    {
      id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a52',
      name: 'Partner B',
      applications: [application(PARTNER_B)],
    },
    {
      id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a53',
      name: 'Partner Limited',
      applications: [application(PARTNER_LIMITED, 2)],
    },
  ],
  assistant: { processing_ms: 10 },
  queue: { capacity: 100 },
};

/** Starts the server on a free port of 127.0.0.1 (or on `port`, to restart it there). */
export function startServer(
  options: { clock?: 'real' | 'manual'; startAt?: string; port?: number } = {},
): Promise<ReferenceServer> {
  return startReferenceServer({ config, port: 0, host: '127.0.0.1', ...options });
}

/** A backend for `server` that never really sleeps between retries, recording the waits. */
export function backendFor(
  server: ReferenceServer,
  credentials: { clientId: string; clientSecret: string } = PARTNER_A,
  options: Partial<PartnerBackendOptions> = {},
) {
  const waits: number[] = [];
  const backend = new PartnerBackend({
    baseUrl: server.url,
    ...credentials,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { backend, waits };
}

/** Calls a Bearer endpoint of the API, as the partner's app would. */
export function callAsUser(
  server: ReferenceServer,
  accessToken: string,
  method: string,
  path: string,
  body?: unknown,
) {
  return fetch(`${server.url}${PATH_PREFIX}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A fresh external user id, so tests never share users. */
export function newExternalUserId(label: string): string {
  return `${label}-${crypto.randomUUID()}`;
}
