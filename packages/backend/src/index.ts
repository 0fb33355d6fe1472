export type { EraseUserResponse, Token } from '@partner-assistant/contract';
export {
  type Backoff,
  EXPONENTIAL_BACKOFF_DEFAULTS,
  type ExponentialBackoffOptions,
  exponentialBackoff,
  type InputIssue,
  isPartnerApiError,
  isPartnerConfigurationError,
  isPartnerError,
  isPartnerNetworkError,
  isPartnerTimeoutError,
  isPartnerValidationError,
  PartnerApiError,
  PartnerConfigurationError,
  PartnerError,
  PartnerNetworkError,
  PartnerTimeoutError,
  PartnerValidationError,
  type RequestOptions,
} from '@partner-assistant/sdk-core';
export {
  createTokenBroker,
  type TokenBrokerOptions,
  type TokenBrokerResponse,
} from './broker/token-broker.ts';
export { TOKEN_CACHE_DEFAULTS, type TokenCacheOptions } from './internal/token-cache.ts';
export { type IssueTokenInput, PartnerBackend } from './partner-backend.ts';
export {
  PARTNER_BACKEND_DEFAULTS,
  type PartnerBackendLogger,
  type PartnerBackendOptions,
} from './partner-backend-options.ts';
