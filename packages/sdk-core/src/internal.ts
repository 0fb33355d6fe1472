/**
 * The request machinery the Partner Assistant SDKs share. Not a public API: it changes with the
 * SDKs, whatever its version says. Use `@partner-assistant/backend` or `@partner-assistant/client`.
 * @packageDocumentation
 */
export { hasMarker } from './errors/partner-error.ts';
export { apiUrlOf } from './http/api-url.ts';
export {
  type ApiCall,
  type ApiCallContext,
  callApi,
  type ResponseSchema,
} from './http/call-api.ts';
export { errorFromResponse } from './http/error-from-response.ts';
export { pathSegment } from './http/path-segment.ts';
export {
  type EnvelopeError,
  isRecord,
  readErrorEnvelope,
} from './http/read-error-envelope.ts';
export { type ResolvedTransport, resolveTransport } from './http/resolve-transport.ts';
export { type HttpMethod, sendRequest } from './http/send-request.ts';
export { abortableSleep } from './retry/abortable-sleep.ts';
export { raceWithSignal } from './retry/race-with-signal.ts';
export { parseRetryAfter } from './retry/retry-after.ts';
export { type RetryPolicy, withRetries } from './retry/retry-loop.ts';
export { MAX_TIMER_DELAY_MS, timerDelay } from './timers/timer-delay.ts';
