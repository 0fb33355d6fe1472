/**
 * What transports over the engine use (the reference server's node:http and ws adapters, the msw
 * handlers): everything of the engine's public entry, plus the few pieces only an adapter writes
 * (the engine's transport side, answer headers and envelopes, request ids, the admin methods,
 * option checks, the channel's sub-protocol), and what the reference server's own entry
 * re-publishes (the engine's constructor, configuration schema and defaults, the pipeline's
 * types). Not for applications: the members it adds to the public entry may change in any minor
 * release.
 *
 * @packageDocumentation
 */
export * from './index.ts';
export { malformedAdminBody } from './internal/admin/admin-api.ts';
export { ADMIN_METHODS } from './internal/admin/admin-routes.ts';
export {
  type ApplicationConfig,
  DEFAULT_PROCESSING_MS,
  DEFAULT_QUEUE_CAPACITY,
  DEFAULT_TOKEN_TTL_SECONDS,
  type PartnerConfig,
  referenceConfigSchema,
} from './internal/config/reference-config-schema.ts';
export { methodNotAllowed, noSuchRoute } from './internal/errors/api-error.ts';
export { errorBodyOf, errorResponse } from './internal/errors/engine-response.ts';
export { BASE_HEADERS, CORS_HEADERS } from './internal/http/answer-headers.ts';
export { recordedPath } from './internal/http/recorded-path.ts';
export { DEFAULT_TENANT_LIMITS } from './internal/identity/runtime-tenants.ts';
export { outOfBandRequestId } from './internal/ids/request-ids.ts';
export {
  checkBoolean,
  checkHost,
  checkLogger,
  checkPort,
  ENGINE_OPTION_CHECKS,
  type OptionCheck,
  optionMessage,
  optionProblems,
} from './internal/options/option-checks.ts';
export {
  PROFILE_ENV,
  profileFromEnvironment,
  SERVER_PROFILES,
  UUID_CASES,
} from './internal/profile/server-profile.ts';
export type { RequestBody } from './internal/routing/operation-input.ts';
export type { OperationOutcome, OperationRequest } from './internal/routing/request-pipeline.ts';
export { selfCheckByDefault } from './internal/runtime/create-engine-runtime.ts';
export { createReferenceEngine } from './internal/runtime/reference-engine.ts';
export type {
  EngineControlSurface,
  EngineTransport,
} from './internal/runtime/reference-engine-surfaces.ts';
export { CONTRACT_VIOLATION_HEADER } from './internal/self-check/contract-guard.ts';
export { selectSubprotocol } from './internal/socket/socket-transport.ts';
