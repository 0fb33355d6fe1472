/**
 * What transports over the engine use (the reference server's node:http and ws adapters, the msw
 * handlers), listed by name: the engine and its runtime, the admin API, the HTTP pieces an
 * adapter writes (headers, envelopes, request ids), option checks and the socket contract.
 * Not for applications: its members may change in any minor release. `./internal` is the same
 * module under its former name, kept until every importer has moved.
 *
 * @packageDocumentation
 */
export {
  ADMIN_PREFIX,
  type AdminRequest,
  type AdminResponse,
  handleAdminRequest,
  malformedAdminBody,
} from './internal/admin/admin-api.ts';
export { ADMIN_METHODS } from './internal/admin/admin-routes.ts';
export { SIMULATE_ERROR_MARKER } from './internal/assistant/answer-plan.ts';
export { DEMO_CONFIG } from './internal/config/demo-config.ts';
export {
  parseReferenceConfig,
  ReferenceConfigError,
} from './internal/config/parse-reference-config.ts';
export {
  type ApplicationConfig,
  DEFAULT_PROCESSING_MS,
  DEFAULT_QUEUE_CAPACITY,
  DEFAULT_TOKEN_TTL_SECONDS,
  type PartnerConfig,
  type ReferenceConfig,
  type ReferenceConfigInput,
  referenceConfigSchema,
} from './internal/config/reference-config-schema.ts';
export {
  DETERMINISTIC_START,
  type ResolvedClock,
  resolveClock,
} from './internal/control/engine-clock.ts';
export {
  type ClockControl,
  createEngineControl,
  type EngineControl,
} from './internal/control/engine-control.ts';
export type {
  FaultControl,
  NetworkFaultOptions,
  TenantOption,
} from './internal/control/fault-control.ts';
export { ApiError, type ApiErrorOptions, methodNotAllowed } from './internal/errors/api-error.ts';
export type { ArmedFault } from './internal/faults/armed-fault.ts';
export {
  type DeltaDrop,
  FaultPlan,
  type InjectableErrorCode,
  type InjectedErrors,
  type LatencySetting,
} from './internal/faults/fault-plan.ts';
export type { NetworkFaultAction, NetworkFaultKind } from './internal/faults/network-faults.ts';
export { BASE_HEADERS, CORS_HEADERS, preflightHeaders } from './internal/http/answer-headers.ts';
export {
  type EngineResponse,
  errorBodyOf,
  errorResponse,
} from './internal/http/engine-response.ts';
export {
  type HttpOutcome,
  type HttpRequestInput,
  readQuery,
  readRequestBody,
} from './internal/http/http-request-entry.ts';
export { recordedPath } from './internal/http/recorded-path.ts';
export {
  DEFAULT_TENANT_LIMITS,
  type TenantCredentials,
  type TenantOptions,
} from './internal/identity/runtime-tenants.ts';
export {
  type Requester,
  type TenantScope,
  UnknownTenantError,
} from './internal/identity/tenant-scope.ts';
export { cryptoRandomSource, type RandomSource } from './internal/ids/random-source.ts';
export { outOfBandRequestId } from './internal/ids/request-ids.ts';
export {
  createPrng,
  createSeededRandomSource,
  type Prng,
  type SeededRandomSource,
  uuidFromBytes,
} from './internal/ids/seeded-random.ts';
export type { HttpExchange } from './internal/journal/journal-entries.ts';
export {
  DEFAULT_JOURNAL_CAPACITY,
  type HttpJournalEntry,
  type JournalEntry,
  type JournalFilter,
  type JournalScope,
  RequestJournal,
} from './internal/journal/request-journal.ts';
export {
  checkBoolean,
  checkClock,
  checkHost,
  checkInstant,
  checkLogger,
  checkPort,
  checkProfile,
  checkRandom,
  checkSeed,
  checkUuidCase,
  ENGINE_OPTION_CHECKS,
  type OptionCheck,
  optionMessage,
  optionProblems,
  showValue,
} from './internal/options/option-checks.ts';
export {
  SERVER_PROFILES,
  type ServerProfile,
  UUID_CASES,
  type UuidCase,
} from './internal/profile/server-profile.ts';
export type { RequestBody } from './internal/routing/operation-input.ts';
export type { OperationOutcome, OperationRequest } from './internal/routing/request-pipeline.ts';
export { matchRoute, type RouteMatch } from './internal/routing/route-table.ts';
export {
  createEngineRuntime,
  type EngineRuntime,
  type EngineRuntimeOptions,
  selfCheckByDefault,
} from './internal/runtime/create-engine-runtime.ts';
export {
  createReferenceEngine,
  type EngineControlSurface,
  type EngineTransport,
  type ReferenceEngine,
  type ReferenceEngineOptions,
} from './internal/runtime/reference-engine.ts';
export { CONTRACT_VIOLATION_HEADER, ContractGuard } from './internal/self-check/contract-guard.ts';
export {
  type ContractViolation,
  restResponseViolation,
  serverEventViolation,
} from './internal/self-check/contract-self-check.ts';
export type {
  SocketEventObserver,
  SocketFrameRecord,
  SocketHubHooks,
} from './internal/socket/socket-hooks.ts';
export {
  type SocketOpenRequest,
  type SocketSession,
  type SocketTransport,
  selectSubprotocol,
} from './internal/socket/socket-transport.ts';
export { type EngineClock, systemClock, type TimerHandle } from './internal/time/clock.ts';
export { ManualClock } from './internal/time/manual-clock.ts';
