/**
 * The contract's constants and plain functions, without zod: what the browser and React Native
 * SDK imports at run time (it takes the contract's types with `import type` only).
 * @packageDocumentation
 */
export {
  API_VERSION,
  INTERFACE_VERSION,
  PATH_PREFIX,
  WEBSOCKET_PATH,
  WEBSOCKET_SUBPROTOCOL,
} from './constants/api-version.ts';
export { SERVER_EVENT_TYPES, TURN_EVENT_TYPES } from './constants/event-types.ts';
export { countCharacters, FIELD_LIMITS } from './constants/field-limits.ts';
export {
  HTTP_HEADERS,
  REQUEST_ID_HEADER,
  RETRY_AFTER_HEADER,
} from './constants/http-headers.ts';
export {
  CLIENT_MESSAGE_ID_PATTERN,
  COUNTRY_CODE_PATTERN,
  FEEDBACK_REASONS,
  hasLoneSurrogate,
  MESSAGE_CONTEXT_BOUNDS,
  MESSAGE_TEXT_PATTERN,
  normalizeTitle,
  PLATFORMS,
  RATINGS,
  TITLE_PATTERN,
  TITLE_TEXT_PATTERN,
  UUID_PATTERN,
} from './constants/request-values.ts';
export {
  canTransitionTurn,
  isTurnInProgress,
  TURN_STATUS_TRANSITIONS,
  TURN_STATUSES,
  type TurnStatus,
} from './constants/turn-statuses.ts';
export {
  API_ERROR_CODE_LIST,
  API_ERROR_CODES,
  API_ERROR_DESCRIPTIONS,
  API_ERROR_STATUSES,
  type ApiErrorCode,
  httpStatusOf,
  isApiErrorCode,
  isRetryableCode,
} from './errors/api-error-codes.ts';
export { TURN_ERROR_CODES, type TurnErrorCode } from './errors/turn-error-codes.ts';
export { CLOSE_CODES, type CloseCode, isReconnectableClose } from './events/close-codes.ts';
export {
  ABNORMAL_CLOSURE,
  type CloseAction,
  closeActionOf,
} from './events/close-policy.ts';
