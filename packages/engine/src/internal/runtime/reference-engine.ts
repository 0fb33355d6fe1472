import { CLOSE_CODES, type OperationName } from '@partner-assistant/contract';
import type { ReferenceConfig } from '../config/reference-config-schema.ts';
import type { EngineContext } from '../context/engine-context.ts';
import { errorResponse } from '../errors/engine-response.ts';
import { FaultPlan } from '../faults/fault-plan.ts';
import { latencyDelay } from '../faults/latency-delay.ts';
import { preflightResponse } from '../http/answer-headers.ts';
import {
  type HttpOutcome,
  type HttpRequestInput,
  handleHttpRequest,
} from '../http/http-request-entry.ts';
import { createTenant } from '../identity/runtime-tenants.ts';
import { registerPartner } from '../identity/tenant-directory.ts';
import {
  identifyRequester,
  inScope,
  requesterOf,
  resolveTenantScope,
  type TenantScope,
} from '../identity/tenant-scope.ts';
import { expireUserToken, revokeUserToken } from '../identity/token-registry.ts';
import { lowerCaseRandomSource } from '../ids/canonical-ids.ts';
import { cryptoRandomSource, type RandomSource } from '../ids/random-source.ts';
import { apiRequestId } from '../ids/request-ids.ts';
import type { Prng } from '../ids/seeded-random.ts';
import { frameJournalEntry, httpJournalEntry } from '../journal/journal-entries.ts';
import { type JournalScope, RequestJournal } from '../journal/request-journal.ts';
import type { EngineServices } from '../operations/operation-types.ts';
import { resetTenantData } from '../operations/reset-tenant.ts';
import { createOutboundFilter } from '../profile/outbound-filter.ts';
import { resolveProfile, type ServerProfile, type UuidCase } from '../profile/server-profile.ts';
import {
  type OperationOutcome,
  type OperationRequest,
  runOperation,
} from '../routing/request-pipeline.ts';
import { matchRoute } from '../routing/route-table.ts';
import { ContractGuard } from '../self-check/contract-guard.ts';
import type { ContractViolation } from '../self-check/contract-self-check.ts';
import { ClientFrameHandler } from '../socket/client-frame-handler.ts';
import type { SocketEventObserver } from '../socket/socket-hooks.ts';
import { SocketHub } from '../socket/socket-hub.ts';
import { createEngineState } from '../state/engine-state.ts';
import { type EngineClock, systemClock } from '../time/clock.ts';
import { TenantTime } from '../time/tenant-time.ts';
import { TurnLifecycle } from '../turns/turn-lifecycle.ts';
import { TurnStreams } from '../turns/turn-streams.ts';
import type { ReferenceEngine } from './reference-engine-surfaces.ts';

/** Options of {@link createReferenceEngine}. */
export interface ReferenceEngineOptions {
  /** A validated configuration (see `parseReferenceConfig`). */
  config: ReferenceConfig;
  /** Time and timers. @default systemClock */
  clock?: EngineClock;
  /** Ids and random bytes. @default cryptoRandomSource */
  random?: RandomSource;
  /** Draws injected latencies in a range. @default Math.random */
  faultPrng?: Prng;
  /** Sees every event sent on a socket, at the single place events leave. */
  observeEvent?: SocketEventObserver;
  /** Validate every response and event against the contract before it leaves. @default false */
  selfCheck?: boolean;
  /** Told about each contract violation the self-check catches (to log it). */
  onContractViolation?: (violation: ContractViolation) => void;
  /** Entries the request journal keeps. @default 1000 */
  journalCapacity?: number;
  /**
   * `minimal` answers only what the specification shows (the contract's `SPECIFIED_RESPONSE_FIELDS`).
   * @default 'full'
   */
  profile?: ServerProfile | undefined;
  /**
   * Case of the UUIDs issued (the engine reads them in either case).
   * @default 'upper' in the minimal profile, else 'lower'
   */
  uuidCase?: UuidCase | undefined;
}

/**
 * Builds the engine. It uses web-standard globals only, so the msw package can run it in a
 * browser; time, timers and randomness are injected.
 */
export function createReferenceEngine(options: ReferenceEngineOptions): ReferenceEngine {
  const clock = options.clock ?? systemClock;
  const context: EngineContext = {
    state: createEngineState(),
    clock,
    time: new TenantTime(clock),
    random: options.random ? lowerCaseRandomSource(options.random) : cryptoRandomSource,
    settings: {
      processingMs: options.config.assistant.processing_ms,
      queueCapacity: options.config.queue.capacity,
    },
    faults: new FaultPlan(options.faultPrng ?? Math.random),
  };
  const journal = new RequestJournal(options.journalCapacity);
  const contractGuard = new ContractGuard({
    enabled: options.selfCheck ?? false,
    clock,
    onViolation: options.onContractViolation,
  });
  const outbound = createOutboundFilter(resolveProfile(options));
  // Events leave as the stream serializes them, unless the profile reshapes them first.
  const streams = new TurnStreams(context, { eventTexts: outbound === undefined });
  const submission = { context, streams, lifecycle: new TurnLifecycle(context, streams) };
  const sockets = new SocketHub({
    context,
    streams,
    frames: new ClientFrameHandler(submission),
    hooks: {
      ...(options.observeEvent ? { observeEvent: options.observeEvent } : {}),
      recordFrame: (frame) => journal.record(clock.now(), frameJournalEntry(frame)),
      checkEvent: (event) => contractGuard.checkEvent(event),
      ...(outbound ? { shapeEvent: outbound.event } : {}),
    },
  });
  const services: EngineServices = { ...submission, sockets };
  const loadConfiguration = () => {
    for (const partner of options.config.partners) registerPartner(context.state, partner);
  };
  loadConfiguration();
  const checkedOperation = (request: OperationRequest) => {
    const outcome = runOperation(services, request);
    contractGuard.checkResponse(request.operation, outcome.response);
    return outcome;
  };
  // The engine's exit: the contract is checked on the full answer, the profile shapes what leaves.
  const leaving = <T extends OperationOutcome>(operation: OperationName | undefined, outcome: T) =>
    outbound ? { ...outcome, response: outbound.response(operation, outcome.response) } : outcome;
  const handle = (request: OperationRequest) =>
    leaving(request.operation, checkedOperation(request));
  const journalScope = (scope: TenantScope): JournalScope => {
    const clientIds = new Set<string>();
    for (const application of context.state.applications.values()) {
      if (inScope(scope, { clientId: application.clientId, partnerId: application.partnerId }))
        clientIds.add(application.clientId);
    }
    return (entry) => entry.clientId !== undefined && clientIds.has(entry.clientId);
  };
  const closeTokenSockets = (token: string, known: boolean) => {
    sockets.closeTokenSockets(token, CLOSE_CODES.unauthorized, 'token expired or revoked');
    return known;
  };
  const handleHttp = (input: HttpRequestInput) => {
    const outcome = handleHttpRequest(
      { newRequestId: () => apiRequestId(context.random), runOperation: checkedOperation },
      input,
    );
    if (outcome.operation === undefined) contractGuard.checkResponse(undefined, outcome.response);
    return leaving(outcome.operation, outcome);
  };
  const drawLatencyMs = (authorization: string | undefined) =>
    context.faults.drawLatencyMs(() => identifyRequester(context.state, authorization));
  const answerHttp = (input: HttpRequestInput, reply: (outcome: HttpOutcome) => void) => {
    const latencyMs = drawLatencyMs(input.authorization);
    if (latencyMs <= 0) reply(handleHttp(input));
    else void latencyDelay(latencyMs).then(() => reply(handleHttp(input)));
  };
  return {
    handle,
    handleHttp,
    handleHttpAsync: (input) => new Promise((resolve) => answerHttp(input, resolve)),
    answerHttp,
    takeNetworkFault: (input) => {
      const route = matchRoute(input.method, input.path);
      if (route.kind !== 'operation') return undefined;
      return context.faults.network.take(route.operation, () =>
        identifyRequester(context.state, input.authorization),
      );
    },
    openSocket: (request) => sockets.open(request),
    refusal: (error) => {
      const id = apiRequestId(context.random);
      const response = errorResponse(error, id);
      return outbound
        ? { requestId: outbound.id(id), response: outbound.response(undefined, response) }
        : { requestId: id, response };
    },
    preflight: (path, adminMethods) => {
      const response = preflightResponse(path, adminMethods);
      return response && outbound ? outbound.response(undefined, response) : response;
    },
    createTenant: (tenantOptions) => createTenant(context, tenantOptions),
    recordHttpExchange: (exchange) => journal.record(clock.now(), httpJournalEntry(exchange)),
    expireToken: (token) => closeTokenSockets(token, expireUserToken(context, token)),
    revokeToken: (token) => closeTokenSockets(token, revokeUserToken(context, token)),
    dropSockets: (scope) =>
      sockets.dropAll(
        scope && ((clientId) => inScope(scope, requesterOf(context.state, clientId))),
      ),
    resolveTenant: (tenant) => resolveTenantScope(context.state, tenant),
    journalScope,
    drawLatencyMs,
    faults: context.faults,
    journal,
    contractGuard,
    time: context.time,
    reset: (scope) => {
      if (scope) {
        resetTenantData(services, scope);
        context.time.resetPartner(scope.partnerId);
        context.faults.clear(scope);
        journal.clear(journalScope(scope));
        return;
      }
      services.lifecycle.clear();
      sockets.closeAll(CLOSE_CODES.goingAway, 'server reset');
      context.time.resetAll();
      Object.assign(context.state, createEngineState());
      loadConfiguration();
      context.faults.clear();
      journal.clear();
      contractGuard.clear();
    },
    shutdown: () => {
      services.lifecycle.stopAll();
      sockets.closeAll(CLOSE_CODES.goingAway, 'server shutting down');
    },
    state: context.state,
  };
}
