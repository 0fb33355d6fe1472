export type { EraseUserResponse, Token } from '@partner-assistant/contract';
// The error family, backoff and shared options, the same in both SDKs.
export * from '@partner-assistant/sdk-core';
export {
  createTokenBroker,
  type TokenBrokerOptions,
  type TokenBrokerResponse,
} from './broker/token-broker.ts';
export { TOKEN_CACHE_DEFAULTS, type TokenCacheOptions } from './internal/token-cache.ts';
export { type IssueTokenInput, type IssueTokenOptions, PartnerBackend } from './partner-backend.ts';
export {
  PARTNER_BACKEND_DEFAULTS,
  type PartnerBackendLogger,
  type PartnerBackendOptions,
} from './partner-backend-options.ts';
