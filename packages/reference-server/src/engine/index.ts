export { parseReferenceConfig, ReferenceConfigError } from '../config/parse-reference-config.ts';
export type { ReferenceConfig, ReferenceConfigInput } from '../config/reference-config-schema.ts';
export { DEMO_CONFIG } from '../demo-config.ts';
export { ApiError, type ApiErrorOptions } from './api-error.ts';
export { SIMULATE_ERROR_MARKER } from './assistant/answer-plan.ts';
export { type EngineClock, systemClock, type TimerHandle } from './clock.ts';
export { type EngineResponse, errorBodyOf, errorResponse } from './engine-response.ts';
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
export { cryptoRandomSource, type RandomSource } from './random-source.ts';
export {
  createReferenceEngine,
  type ReferenceEngine,
  type ReferenceEngineOptions,
} from './reference-engine.ts';
export type { OperationOutcome, OperationRequest } from './request-pipeline.ts';
export type { RequestBody } from './routing/operation-input.ts';
export type { SocketEventObserver } from './socket/socket-hub.ts';
export {
  type SocketOpenRequest,
  type SocketSession,
  type SocketTransport,
  selectSubprotocol,
} from './socket/socket-transport.ts';
