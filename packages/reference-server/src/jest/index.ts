export { URL_ENV, WS_URL_ENV } from '../vitest/global-setup.ts';
export {
  type ReferenceServerJestSetupOptions,
  referenceServerJestSetup,
  referenceServerJestTeardown,
} from './global-setup.ts';
