import { PartnerBackend } from '@partner-assistant/backend';
import { PartnerAssistantClient } from '@partner-assistant/client';
import { createTestTenant } from '@partner-assistant/reference-server/vitest';
import { inject } from 'vitest';

/**
 * A tenant of this file's own, and a client SDK signed in as one of its users. The tenant's
 * controls (`tenant.clock`, `tenant.faults`, `tenant.journal`, `tenant.reset()`) reach this tenant
 * only: files running in parallel on the shared server never see each other's users,
 * conversations, quotas, faults or time.
 */
export async function createTenantClient(name: string) {
  const baseUrl = inject('partnerAssistantUrl');
  const tenant = await createTestTenant({ url: baseUrl, name });
  const backend = new PartnerBackend({
    baseUrl,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
  });
  const client = new PartnerAssistantClient({
    baseUrl,
    token: () => backend.issueToken({ externalUserId: `${name}-user` }),
    // Retries without a Retry-After wait this long: keeps a retried request fast in tests.
    backoff: () => 10,
  });
  return { tenant, client };
}
