/**
 * The reference server configured for the conformance kit's tests: limits high enough that the
 * kit's pacing never waits, short turns, and the extra applications the optional rules need.
 */
import {
  type RunningReferenceServer,
  startReferenceServer,
} from '@partner-assistant/reference-server';
import type { ConformanceOptions } from '../../src/index.ts';

const LIMITS = {
  message_characters: 2000,
  requests_per_minute: 1_000_000,
  concurrent_turns: 100,
  daily_messages: 100_000,
};

const ALL_SCOPES = ['chat:read', 'chat:write', 'feedback:write'];

function application(clientId: string, overrides: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    client_secret: `${clientId}-secret-never-printed`,
    environment: 'sandbox',
    scopes: ALL_SCOPES,
    capabilities: ['administrative_procedures', 'local_life'],
    locales: ['en-GB', 'fr-FR'],
    limits: LIMITS,
    token_ttl_seconds: 900,
    ...overrides,
  };
}

export const config = {
  partners: [
    {
      id: '3c9a1e52-7d4b-4f8a-9b21-6e0f5d7c8a11',
      name: 'Checked Partner',
      applications: [
        application('checked-app'),
        application('checked-read-only', { scopes: ['chat:read', 'feedback:write'] }),
        application('checked-limited', { limits: { ...LIMITS, requests_per_minute: 5 } }),
      ],
    },
    {
      id: '3c9a1e52-7d4b-4f8a-9b21-6e0f5d7c8a12',
      name: 'Other Partner',
      applications: [application('other-app')],
    },
  ],
  // Long enough for a DELETE sent at once to meet a queued or running turn, short for the run.
  assistant: { processing_ms: 120 },
  queue: { capacity: 1000 },
};

const credentials = (clientId: string) => ({
  clientId,
  clientSecret: `${clientId}-secret-never-printed`,
});

/** Every secret of the configuration, for the tests that look for leaks. */
export const SECRETS = ['checked-app', 'checked-read-only', 'checked-limited', 'other-app'].map(
  (clientId) => credentials(clientId).clientSecret,
);

/**
 * Starts the server on a free loopback port: in its default profile, or in the `minimal` one,
 * which answers only what the specification shows, ids in upper case (a deployment that keeps
 * the specification and none of our decisions).
 */
export function startConformanceServer(
  profile: 'full' | 'minimal' = 'full',
): Promise<RunningReferenceServer> {
  return startReferenceServer({ config, port: 0, host: '127.0.0.1', profile });
}

/** Options of a full run against `url`: the main application and every extra application. */
export function runOptions(url: string, wsUrl?: string): ConformanceOptions {
  return {
    baseUrl: url,
    ...(wsUrl ? { wsUrl } : {}),
    ...credentials('checked-app'),
    otherPartner: credentials('other-app'),
    readOnly: credentials('checked-read-only'),
    limited: credentials('checked-limited'),
    timeoutMs: 3000,
  };
}
