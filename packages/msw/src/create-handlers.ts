import {
  createEngineRuntime,
  type EngineControl,
  profileFromEnvironment,
} from '@partner-assistant/engine/transport';
import type { HttpHandler, WebSocketHandler } from 'msw';
import {
  type PartnerAssistantHandlersOptions,
  validateHandlersOptions,
} from './handler-options.ts';
import { createHttpHandlers } from './http-handlers.ts';
import { createWebSocketHandler } from './websocket-handler.ts';

/** The reference server's test-runner controls: clock, faults, tokens, tenants, journal, reset. */
export type PartnerAssistantControl = EngineControl;

/** What `createPartnerAssistantHandlers` returns. */
export interface PartnerAssistantHandlers {
  /** msw handlers: `http` for every REST operation, `ws.link` for the channel. */
  handlers: Array<HttpHandler | WebSocketHandler>;
  /** The same controls as the reference server's `server.control`. */
  control: PartnerAssistantControl;
}

/**
 * msw handlers answering the whole Partner Assistant API v1, REST and WebSocket, with the
 * reference server's engine: the same answers, status codes, events and controls, with no server
 * to start. Pass them to `setupServer` (Node) or `setupWorker` (browser).
 *
 * Without a `profile` option, in Node, `PARTNER_ASSISTANT_PROFILE` (`full` or `minimal`) picks it:
 * `PARTNER_ASSISTANT_PROFILE=minimal npx vitest` runs a suite against handlers that answer only
 * what the specification shows. In a browser there is no environment: the profile is `full`.
 *
 * @throws {TypeError} when `PARTNER_ASSISTANT_PROFILE` is neither `full` nor `minimal`.
 * @throws {PartnerAssistantHandlersOptionsError} when an option is unknown or of the wrong kind.
 * @throws {ReferenceConfigError} when the configuration is invalid.
 * @example
 * const { handlers, control } = createPartnerAssistantHandlers({ baseUrl: 'https://assistant.example.com' });
 * const server = setupServer(...handlers);
 * server.listen();
 * control.faults.injectErrors({ count: 1, code: 'queue_unavailable', operation: 'sendMessage' });
 */
export function createPartnerAssistantHandlers(
  options: PartnerAssistantHandlersOptions = {},
): PartnerAssistantHandlers {
  validateHandlersOptions(options);
  const { baseUrl, ...engineOptions } = options;
  const profile = engineOptions.profile ?? profileFromEnvironment(globalThis.process?.env);
  const { engine, control } = createEngineRuntime({ ...engineOptions, profile });
  const origin = baseUrl === undefined ? '*' : new URL(baseUrl).origin;
  const wsOrigin = origin === '*' ? '*' : origin.replace(/^http/, 'ws');
  return {
    handlers: [...createHttpHandlers(engine, origin), createWebSocketHandler(engine, wsOrigin)],
    control,
  };
}
