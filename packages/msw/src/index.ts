/**
 * msw handlers for the Partner Assistant API v1 (REST and WebSocket), answered by the reference
 * server's engine, for front-end tests in Node and in the browser.
 *
 * @packageDocumentation
 */
export type {
  ClockControl,
  DeltaDrop,
  EngineClock,
  FaultControl,
  HttpJournalEntry,
  InjectableErrorCode,
  JournalEntry,
  JournalFilter,
  LatencySetting,
  RandomSource,
  ReferenceConfigInput,
  TenantCredentials,
  TenantOption,
  TenantOptions,
} from '@partner-assistant/engine';
export { DEMO_CONFIG, ManualClock, ReferenceConfigError } from '@partner-assistant/engine';
export {
  createPartnerAssistantHandlers,
  type PartnerAssistantControl,
  type PartnerAssistantHandlers,
} from './create-handlers.ts';
export {
  type PartnerAssistantHandlersOptions,
  PartnerAssistantHandlersOptionsError,
} from './handler-options.ts';
