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
export type { ApiResponse, ApiResult } from './http/api-response.ts';
export type { RequestOptions } from './http/request-options.ts';
export {
  type Backoff,
  EXPONENTIAL_BACKOFF_DEFAULTS,
  type ExponentialBackoffOptions,
  exponentialBackoff,
} from './retry/backoff.ts';
export {
  type PartnerLogger,
  TRANSPORT_DEFAULTS,
  type TransportOptions,
} from './transport-options.ts';
