import type { TenantCredentials, TenantOptions } from '@partner-assistant/engine/transport';
import { adminCall } from './admin-call.ts';
import { URL_ENV } from './global-setup.ts';
import { type TestTenantControls, tenantControls } from './tenant-controls.ts';

/** Options of {@link createTestTenant}: the tenant's own, and where the server is. */
export interface TestTenantOptions extends TenantOptions {
  /**
   * REST base URL of the reference server (started with its admin API).
   * @default process.env.PARTNER_ASSISTANT_URL, which the vitest and jest global setups set
   * @example createTestTenant({ url: inject('partnerAssistantUrl') })
   */
  url?: string;
}

/** A tenant of one test file: its credentials, the server's URL and controls scoped to it. */
export interface TestTenant extends TenantCredentials, TestTenantControls {
  /** REST base URL of the server. */
  readonly url: string;
}

/**
 * Creates a tenant (a partner with one application) for one test file, on the reference server
 * the global setup started, with every control scoped to it: its own data, faults, journal and
 * time. Test files running in parallel on one server each move their own clock only, so a step in
 * one never completes another's turn or expires another's token. Needs the server's admin API
 * (`admin: true`, or `--admin`); a refusal rejects with an `ApiError`.
 *
 * @example
 * import { createTestTenant, type TestTenant } from '@partner-assistant/reference-server/vitest';
 *
 * let tenant: TestTenant;
 * beforeAll(async () => {
 *   tenant = await createTestTenant({ name: 'checkout tests' });
 * });
 * afterEach(() => tenant.reset());
 * // in a test: await tenant.clock.advance(5_000);
 */
export async function createTestTenant(options: TestTenantOptions = {}): Promise<TestTenant> {
  const { url: givenUrl, ...tenantOptions } = options;
  const url = (givenUrl ?? process.env[URL_ENV])?.replace(/\/+$/, '');
  if (!url) {
    throw new TypeError(
      `createTestTenant: no server URL; pass { url } or set ${URL_ENV} (the global setups set it)`,
    );
  }
  const credentials = (await adminCall(url, {
    method: 'POST',
    path: '/tenants',
    body: tenantOptions,
  })) as TenantCredentials | undefined;
  if (typeof credentials?.partnerId !== 'string' || typeof credentials.clientId !== 'string') {
    throw new TypeError(`createTestTenant: ${url} did not answer with a tenant's credentials`);
  }
  // The partner id: the tenant's time belongs to its partner, and it covers its one application.
  return { ...credentials, url, ...tenantControls(url, credentials.partnerId) };
}
