export {
  ADMIN_PREFIX,
  type AdminRequest,
  type AdminResponse,
  handleAdminRequest,
  malformedAdminBody,
} from './admin/admin-api.ts';
export { ADMIN_METHODS } from './admin/admin-routes.ts';
export { ApiError, type ApiErrorOptions, methodNotAllowed } from './api-error.ts';
export { SIMULATE_ERROR_MARKER } from './assistant/answer-plan.ts';
export { type EngineClock, systemClock, type TimerHandle } from './clock.ts';
export { DEMO_CONFIG } from './config/demo-config.ts';
export { parseReferenceConfig, ReferenceConfigError } from './config/parse-reference-config.ts';
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
export { DETERMINISTIC_START, type ResolvedClock, resolveClock } from './control/engine-clock.ts';
export {
  type ClockControl,
  createEngineControl,
  type EngineControl,
} from './control/engine-control.ts';
export type {
  FaultControl,
  NetworkFaultOptions,
  TenantOption,
} from './control/fault-control.ts';
export { type EngineResponse, errorBodyOf, errorResponse } from './engine-response.ts';
export type { ArmedFault } from './faults/armed-fault.ts';
export {
  type DeltaDrop,
  FaultPlan,
  type InjectableErrorCode,
  type InjectedErrors,
  type LatencySetting,
} from './faults/fault-plan.ts';
export type { NetworkFaultAction, NetworkFaultKind } from './faults/network-faults.ts';
export { BASE_HEADERS, CORS_HEADERS, preflightHeaders } from './http/answer-headers.ts';
export {
  type HttpOutcome,
  type HttpRequestInput,
  readQuery,
  readRequestBody,
} from './http-request-entry.ts';
export {
  DEFAULT_TENANT_LIMITS,
  type TenantCredentials,
  type TenantOptions,
} from './identity/runtime-tenants.ts';
export {
  type Requester,
  type TenantScope,
  UnknownTenantError,
} from './identity/tenant-scope.ts';
export type { HttpExchange } from './journal/journal-entries.ts';
export {
  DEFAULT_JOURNAL_CAPACITY,
  type HttpJournalEntry,
  type JournalEntry,
  type JournalFilter,
  type JournalScope,
  RequestJournal,
} from './journal/request-journal.ts';
export { ManualClock } from './manual-clock.ts';
export * from './options/option-checks.ts';
export { cryptoRandomSource, type RandomSource } from './random-source.ts';
export { recordedPath } from './recorded-path.ts';
export {
  createReferenceEngine,
  type ReferenceEngine,
  type ReferenceEngineOptions,
} from './reference-engine.ts';
export { outOfBandRequestId } from './request-ids.ts';
export type { OperationOutcome, OperationRequest } from './request-pipeline.ts';
export type { RequestBody } from './routing/operation-input.ts';
export { matchRoute, type RouteMatch } from './routing/route-table.ts';
export {
  createEngineRuntime,
  type EngineRuntime,
  type EngineRuntimeOptions,
  selfCheckByDefault,
} from './runtime/create-engine-runtime.ts';
export {
  createPrng,
  createSeededRandomSource,
  type Prng,
  type SeededRandomSource,
  uuidFromBytes,
} from './seeded-random.ts';
export { CONTRACT_VIOLATION_HEADER, ContractGuard } from './self-check/contract-guard.ts';
export {
  type ContractViolation,
  restResponseViolation,
  serverEventViolation,
} from './self-check/contract-self-check.ts';
export type {
  SocketEventObserver,
  SocketFrameRecord,
  SocketHubHooks,
} from './socket/socket-hooks.ts';
export {
  type SocketOpenRequest,
  type SocketSession,
  type SocketTransport,
  selectSubprotocol,
} from './socket/socket-transport.ts';
