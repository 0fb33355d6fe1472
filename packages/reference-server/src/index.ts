export { ADMIN_PREFIX } from './admin/admin-api.ts';
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
export type { FaultControl, TenantOption } from './control/fault-control.ts';
export { DETERMINISTIC_START } from './control/server-clock.ts';
export type { ClockControl, ReferenceServerControl } from './control/server-control.ts';
export { DEMO_CONFIG } from './demo-config.ts';
export {
  ApiError,
  CONTRACT_VIOLATION_HEADER,
  type ContractViolation,
  createReferenceEngine,
  cryptoRandomSource,
  DEFAULT_TENANT_LIMITS,
  type DeltaDrop,
  type EngineClock,
  type EngineResponse,
  type HttpJournalEntry,
  type HttpOutcome,
  type HttpRequestInput,
  type InjectableErrorCode,
  type JournalEntry,
  type JournalFilter,
  type LatencySetting,
  ManualClock,
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
  type TenantScope,
  type TimerHandle,
  UnknownTenantError,
} from './engine/index.ts';
export { ReferenceServerOptionsError } from './options/validate-start-options.ts';
export {
  type RunningReferenceServer,
  type StartReferenceServerOptions,
  selfCheckByDefault,
  startReferenceServer,
} from './start-reference-server.ts';
