export {
  parseReferenceConfig,
  ReferenceConfigError,
} from './config/parse-reference-config.ts';
export {
  type ApplicationConfig,
  DEFAULT_PROCESSING_MS,
  DEFAULT_QUEUE_CAPACITY,
  DEFAULT_TOKEN_TTL_SECONDS,
  type PartnerConfig,
  type ReferenceConfig,
  type ReferenceConfigInput,
  referenceConfigSchema,
} from './config/reference-config-schema.ts';
export { DEMO_CONFIG } from './demo-config.ts';
export {
  ApiError,
  createReferenceEngine,
  cryptoRandomSource,
  DEFAULT_TENANT_LIMITS,
  type EngineClock,
  type EngineResponse,
  type HttpOutcome,
  type HttpRequestInput,
  type OperationOutcome,
  type OperationRequest,
  type RandomSource,
  type ReferenceEngine,
  type ReferenceEngineOptions,
  type RequestBody,
  SIMULATE_ERROR_MARKER,
  type SocketOpenRequest,
  type SocketSession,
  type SocketTransport,
  systemClock,
  type TenantCredentials,
  type TenantOptions,
  type TimerHandle,
} from './engine/index.ts';
export {
  type ReferenceServerControl,
  type RunningReferenceServer,
  type StartReferenceServerOptions,
  startReferenceServer,
} from './start-reference-server.ts';
