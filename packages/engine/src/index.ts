/**
 * The Partner Assistant engine: the whole API v1 (REST operations, the WebSocket channel, turns,
 * quotas, faults, journal) with no transport. The reference server and the msw handlers are thin
 * adapters over it. Web-standard globals only, so it runs in Node, workers and browsers.
 *
 * @packageDocumentation
 */
export {
  ADMIN_PREFIX,
  type AdminRequest,
  type AdminResponse,
  handleAdminRequest,
} from './internal/admin/admin-api.ts';
export { SIMULATE_ERROR_MARKER } from './internal/assistant/answer-plan.ts';
export { DEMO_CONFIG } from './internal/config/demo-config.ts';
export {
  parseReferenceConfig,
  ReferenceConfigError,
} from './internal/config/parse-reference-config.ts';
export type {
  ReferenceConfig,
  ReferenceConfigInput,
} from './internal/config/reference-config-schema.ts';
export type { ClockControl, EngineControl } from './internal/control/engine-control.ts';
export type {
  FaultControl,
  NetworkFaultOptions,
  TenantOption,
} from './internal/control/fault-control.ts';
export { ApiError, type ApiErrorOptions } from './internal/errors/api-error.ts';
export type { EngineResponse } from './internal/errors/engine-response.ts';
export type { ArmedFault } from './internal/faults/armed-fault.ts';
export type {
  DeltaDrop,
  InjectableErrorCode,
  LatencySetting,
} from './internal/faults/fault-plan.ts';
export type { NetworkFaultAction, NetworkFaultKind } from './internal/faults/network-faults.ts';
export type { HttpOutcome, HttpRequestInput } from './internal/http/http-request-entry.ts';
export type { TenantCredentials, TenantOptions } from './internal/identity/runtime-tenants.ts';
export { type TenantScope, UnknownTenantError } from './internal/identity/tenant-scope.ts';
export { cryptoRandomSource, type RandomSource } from './internal/ids/random-source.ts';
export type {
  HttpJournalEntry,
  JournalEntry,
  JournalFilter,
} from './internal/journal/request-journal.ts';
export type { ServerProfile, UuidCase } from './internal/profile/server-profile.ts';
export {
  createEngineRuntime,
  type EngineRuntime,
  type EngineRuntimeOptions,
} from './internal/runtime/create-engine-runtime.ts';
export type { ReferenceEngineOptions } from './internal/runtime/reference-engine.ts';
export type { ReferenceEngine } from './internal/runtime/reference-engine-surfaces.ts';
export type { ContractViolation } from './internal/self-check/contract-self-check.ts';
export type {
  SocketOpenRequest,
  SocketSession,
  SocketTransport,
} from './internal/socket/socket-transport.ts';
export { type EngineClock, systemClock, type TimerHandle } from './internal/time/clock.ts';
export { DETERMINISTIC_START } from './internal/time/engine-clock.ts';
export { ManualClock } from './internal/time/manual-clock.ts';
