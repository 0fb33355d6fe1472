export {
  type GlobalSetupContext,
  type ProvidedReferenceServerKey,
  type ReferenceServerGlobalSetupOptions,
  referenceServerGlobalSetup,
  URL_ENV,
  WS_URL_ENV,
} from './global-setup.ts';
