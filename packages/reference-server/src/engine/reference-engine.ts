import { CLOSE_CODES } from '@partner-assistant/contract';
import type { ReferenceConfig } from '../config/reference-config-schema.ts';
import { type EngineClock, systemClock } from './clock.ts';
import type { EngineContext } from './engine-context.ts';
import {
  type HttpOutcome,
  type HttpRequestInput,
  handleHttpRequest,
} from './http-request-entry.ts';
import {
  createTenant,
  type TenantCredentials,
  type TenantOptions,
} from './identity/runtime-tenants.ts';
import { registerPartner } from './identity/tenant-directory.ts';
import type { EngineServices } from './operations/operation-types.ts';
import { cryptoRandomSource, type RandomSource } from './random-source.ts';
import { type OperationOutcome, type OperationRequest, runOperation } from './request-pipeline.ts';
import { type SocketEventObserver, SocketHub } from './socket/socket-hub.ts';
import type { SocketOpenRequest, SocketSession } from './socket/socket-transport.ts';
import { createEngineState, type EngineState } from './state/engine-state.ts';
import { TurnScheduler } from './turns/turn-scheduler.ts';
import { TurnStreams } from './turns/turn-streams.ts';

/** Options of {@link createReferenceEngine}. */
export interface ReferenceEngineOptions {
  /** A validated configuration (see `parseReferenceConfig`). */
  config: ReferenceConfig;
  /** Time and timers. @default systemClock */
  clock?: EngineClock;
  /** Ids and random bytes. @default cryptoRandomSource */
  random?: RandomSource;
  /** Sees every event sent on a socket, at the single place events leave. */
  observeEvent?: SocketEventObserver;
}

/** The transport-independent reference server: everything but HTTP and WebSocket framing. */
export interface ReferenceEngine {
  /** Runs one operation: the single entry point of every REST request. Synchronous, hence atomic. */
  handle(request: OperationRequest): OperationOutcome;
  /** Routes and runs one HTTP request (404, 405, 413, 415 and malformed JSON included). */
  handleHttp(input: HttpRequestInput): HttpOutcome;
  /** Accepts a WebSocket connection whose handshake completed. */
  openSocket(request: SocketOpenRequest): SocketSession;
  /** A fresh request id, for refusals an adapter answers itself (such as a body over 64 KiB). */
  newRequestId(): string;
  /** Creates an isolated tenant with fresh credentials. */
  createTenant(options?: TenantOptions): TenantCredentials;
  /** Drops all data, tokens, counters, runtime tenants and sockets; back to the configuration. */
  reset(): void;
  /** Stops every turn and closes every socket with 1001 (server going away). */
  shutdown(): void;
  /** The state, read-only by convention (tests and diagnostics). */
  readonly state: EngineState;
}

/**
 * Builds the engine. It uses web-standard globals only, so the msw package can run it in a
 * browser; time, timers and randomness are injected.
 */
export function createReferenceEngine(options: ReferenceEngineOptions): ReferenceEngine {
  const context: EngineContext = {
    state: createEngineState(),
    clock: options.clock ?? systemClock,
    random: options.random ?? cryptoRandomSource,
    settings: {
      processingMs: options.config.assistant.processing_ms,
      queueCapacity: options.config.queue.capacity,
    },
  };
  const streams = new TurnStreams(context);
  const sockets = new SocketHub(options.observeEvent);
  const services: EngineServices = {
    context,
    streams,
    scheduler: new TurnScheduler(context, streams),
    sockets,
  };
  sockets.attach(services);
  const loadConfiguration = () => {
    for (const partner of options.config.partners) registerPartner(context.state, partner);
  };
  loadConfiguration();
  const handle = (request: OperationRequest) => runOperation(services, request);
  return {
    handle,
    handleHttp: (input) =>
      handleHttpRequest({ newRequestId: () => context.random.uuid(), runOperation: handle }, input),
    openSocket: (request) => sockets.open(request),
    newRequestId: () => context.random.uuid(),
    createTenant: (tenantOptions) => createTenant(context, tenantOptions),
    reset: () => {
      services.scheduler.cancelAll();
      sockets.closeAll(CLOSE_CODES.goingAway, 'server reset');
      streams.clear();
      Object.assign(context.state, createEngineState());
      loadConfiguration();
    },
    shutdown: () => {
      services.scheduler.cancelAll();
      sockets.closeAll(CLOSE_CODES.goingAway, 'server shutting down');
    },
    state: context.state,
  };
}
