/**
 * The browser project's shared reference server, reached from the page: a tenant of this file's
 * own, and user tokens issued the way the partner's backend issues them.
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

/** Creates a tenant for this test file (admin API). */
export async function createTenant(name: string): Promise<Tenant> {
  const response = await fetch(`${serverUrl()}/__admin/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`admin /tenants answered ${response.status}`);
  return (await response.json()) as Tenant;
}

/** Issues a user token with the tenant's credentials, as the partner's token broker does. */
export async function issueToken(tenant: Tenant, externalUserId: string): Promise<Token> {
  const response = await fetch(`${serverUrl()}/api/partners/v1/tokens`, {
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
