import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient } from '@partner-assistant/client';
import { inject } from 'vitest';

/** Calls the reference server's admin API (`admin: true` in the global setup). */
export async function admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('partnerAssistantUrl')}/__admin${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`admin ${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Credentials of a tenant created for one test file. */
export interface Tenant {
  partnerId: string;
  clientId: string;
  clientSecret: string;
}

/**
 * A tenant of this file's own, and a client SDK signed in as one of its users: files running in
 * parallel on the shared server never see each other's users, conversations, quotas or faults.
 */
export async function createTenantClient(name: string) {
  const tenant = await admin<Tenant>('POST', '/tenants', { name });
  const baseUrl = inject('partnerAssistantUrl');
  const backend = new PartnerBackend({ baseUrl, ...tenant });
  const client = new PartnerAssistantClient({
    baseUrl,
    token: () => backend.issueToken({ externalUserId: `${name}-user` }),
    // Retries without a Retry-After wait this long: keeps a retried request fast in tests.
    backoff: () => 10,
  });
  return { tenant, client };
}

/** Moves the server's manual clock forward: turns, token expiry and quotas follow at once. */
export function advanceClock(ms: number) {
  return admin('POST', '/clock/advance', { ms });
}
