export type { EraseUserResponse, Token } from '@partner-assistant/contract';
export {
  type Backoff,
  EXPONENTIAL_BACKOFF_DEFAULTS,
  type ExponentialBackoffOptions,
  exponentialBackoff,
} from './backoff.ts';
export {
  createTokenBroker,
  type TokenBrokerOptions,
  type TokenBrokerResponse,
} from './broker/token-broker.ts';
export { isPartnerApiError, PartnerApiError } from './errors/partner-api-error.ts';
export {
  isPartnerConfigurationError,
  PartnerConfigurationError,
} from './errors/partner-configuration-error.ts';
export { isPartnerError, PartnerError } from './errors/partner-error.ts';
export { isPartnerNetworkError, PartnerNetworkError } from './errors/partner-network-error.ts';
export { isPartnerTimeoutError, PartnerTimeoutError } from './errors/partner-timeout-error.ts';
export {
  type InputIssue,
  isPartnerValidationError,
  PartnerValidationError,
} from './errors/partner-validation-error.ts';
export { TOKEN_CACHE_DEFAULTS, type TokenCacheOptions } from './internal/token-cache.ts';
export { type IssueTokenInput, PartnerBackend } from './partner-backend.ts';
export {
  PARTNER_BACKEND_DEFAULTS,
  type PartnerBackendLogger,
  type PartnerBackendOptions,
  type RequestOptions,
} from './partner-backend-options.ts';
