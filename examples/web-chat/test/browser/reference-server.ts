/**
 * The browser project's shared reference server, reached from the page: a tenant of this file's
 * own (so parallel files never share data or faults), user tokens issued the way the partner's
 * backend issues them, and faults through the admin API.
 */
import type { Token } from '@partner-assistant/client';
import { inject } from 'vitest';

/** A partner and application of this file's own on the shared server. */
export interface Tenant {
  clientId: string;
  clientSecret: string;
}

/** REST base URL of the shared reference server. */
export const serverUrl = (): string => inject('partnerAssistantUrl');

async function admin<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${serverUrl()}/__admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`admin ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Creates a tenant for this test file. */
export const createTenant = (name: string) => admin<Tenant>('/tenants', { name });

/** Drops the tenant's users, conversations, tokens, sockets and faults. */
export const resetTenant = (tenant: Tenant) => admin('/reset', { tenant: tenant.clientId });

/** The tenant's next streaming turn has its socket cut after `afterDeltas` deltas. */
export const dropAfterDelta = (tenant: Tenant, afterDeltas: number) =>
  admin('/faults/drop-after-delta', { afterDeltas, tenant: tenant.clientId });

/** The tenant's next turn ends with `assistant.error`. */
export const failNextTurn = (tenant: Tenant) =>
  admin('/faults/fail-next-turns', { count: 1, tenant: tenant.clientId });

/**
 * Issues a user token with the tenant's credentials, as the partner's token broker does, from the
 * server at `baseUrl` (the shared server, or a relay to it).
 */
export async function issueToken(
  tenant: Tenant,
  externalUserId: string,
  baseUrl = serverUrl(),
): Promise<Token> {
  const response = await fetch(`${baseUrl}/api/partners/v1/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${tenant.clientId}:${tenant.clientSecret}`)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ external_user_id: externalUserId, locale: 'en-GB' }),
  });
  if (!response.ok) throw new Error(`token issuance answered ${response.status}`);
  return (await response.json()) as Token;
}
