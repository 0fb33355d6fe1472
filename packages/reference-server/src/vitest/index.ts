export {
  type GlobalSetupContext,
  type ProvidedReferenceServerKey,
  type ReferenceServerGlobalSetupOptions,
  referenceServerGlobalSetup,
  URL_ENV,
  WS_URL_ENV,
} from './global-setup.ts';
export type { TestTenantControls } from './tenant-controls.ts';
export { createTestTenant, type TestTenant, type TestTenantOptions } from './test-tenant.ts';
