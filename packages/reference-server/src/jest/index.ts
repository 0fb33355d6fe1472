export { URL_ENV, WS_URL_ENV } from '../vitest/global-setup.ts';
export type { TestTenantControls } from '../vitest/tenant-controls.ts';
export {
  createTestTenant,
  type TestTenant,
  type TestTenantOptions,
} from '../vitest/test-tenant.ts';
export {
  type ReferenceServerJestSetupOptions,
  referenceServerJestSetup,
  referenceServerJestTeardown,
} from './global-setup.ts';
