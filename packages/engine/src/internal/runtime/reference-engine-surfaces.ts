import type { ApiError } from '../errors/api-error.ts';
import type { EngineResponse } from '../errors/engine-response.ts';
import type { FaultPlan } from '../faults/fault-plan.ts';
import type { NetworkFaultAction } from '../faults/network-faults.ts';
import type { HttpOutcome, HttpRequestInput } from '../http/http-request-entry.ts';
import type { TenantCredentials, TenantOptions } from '../identity/runtime-tenants.ts';
import type { TenantScope } from '../identity/tenant-scope.ts';
import type { HttpExchange } from '../journal/journal-entries.ts';
import type { JournalScope, RequestJournal } from '../journal/request-journal.ts';
import type { OperationOutcome, OperationRequest } from '../routing/request-pipeline.ts';
import type { ContractGuard } from '../self-check/contract-guard.ts';
import type { SocketOpenRequest, SocketSession } from '../socket/socket-transport.ts';
import type { EngineState } from '../state/engine-state.ts';
import type { TenantTime } from '../time/tenant-time.ts';

/**
 * What transports call (the reference server's node:http and ws adapters, the msw handlers): a
 * REST request in and its answer out, a network fault to apply, a socket to open, an exchange to
 * journal, and shutdown. Nothing here is a test control.
 */
export interface EngineTransport {
  /** Runs one operation: the single entry point of every REST request. Synchronous, hence atomic. */
  handle(request: OperationRequest): OperationOutcome;
  /** Routes and runs one HTTP request (404, 405, 413, 415 and malformed JSON included). */
  handleHttp(input: HttpRequestInput): HttpOutcome;
  /**
   * The entry point of every transport: {@link handleHttp} after the latency a test injected for
   * the request's tenant (`control.faults.setLatency`), so no transport applies it itself.
   */
  handleHttpAsync(input: HttpRequestInput): Promise<HttpOutcome>;
  /**
   * {@link handleHttpAsync} without a promise: `reply` is called at once when no latency is
   * injected for the request's tenant (the answer can leave in the same turn of the event loop,
   * with no microtask per request), else once it has passed.
   */
  answerHttp(input: HttpRequestInput, reply: (outcome: HttpOutcome) => void): void;
  /**
   * The network fault armed for this REST request, if any (`control.faults.connectionReset`,
   * `hang`): the transport asks before {@link handleHttpAsync} and, when there is one, destroys
   * the connection or holds it unanswered instead of answering.
   */
  takeNetworkFault(input: HttpRequestInput): NetworkFaultAction | undefined;
  /** Accepts a WebSocket connection whose handshake completed. */
  openSocket(request: SocketOpenRequest): SocketSession;
  /**
   * The answer to a request an adapter refuses itself (a body over 64 KiB, malformed HTTP, a bad
   * WebSocket upgrade): the error envelope with a fresh request id, shaped by the server's profile
   * as every other answer is.
   */
  refusal(error: ApiError): { requestId: string; response: EngineResponse };
  /**
   * The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) for `path`:
   * `204` with the headers a browser needs (`Access-Control-Allow-*`, `Max-Age`), through the same
   * exit as every other answer, so the profile shapes it too (no `X-Request-Id` under `minimal`).
   * `adminMethods` lists the admin API's methods when `path` is one of its paths. `undefined` when
   * the path is neither the API's nor, with `adminMethods`, the admin API's.
   */
  preflight(path: string, adminMethods?: readonly string[]): EngineResponse | undefined;
  /** Records a REST exchange in the journal (adapters call it once the answer is written). */
  recordHttpExchange(exchange: HttpExchange): void;
  /** Stops every turn and closes every socket with 1001 (server going away). */
  shutdown(): void;
}

/**
 * What the test controls (`control`, the admin API) act on: tenants, tokens, faults, time, the
 * journal, the self-check and resets. Transports never call these.
 */
export interface EngineControlSurface {
  /** Creates an isolated tenant with fresh credentials. */
  createTenant(options?: TenantOptions): TenantCredentials;
  /** Makes a token expire now and closes its sockets with 4401; false when unknown. */
  expireToken(token: string): boolean;
  /** Revokes a token and closes its sockets with 4401; false when unknown. */
  revokeToken(token: string): boolean;
  /** Cuts every open socket (of one tenant, with `scope`) as a network loss; returns how many. */
  dropSockets(scope?: TenantScope): number;
  /** Resolves a partner id or client id to its scope; throws `UnknownTenantError` otherwise. */
  resolveTenant(tenant: string): TenantScope;
  /** Which journal entries belong to `scope`. */
  journalScope(scope: TenantScope): JournalScope;
  /** Injected latency, in ms, of the next REST request carrying `authorization`. */
  drawLatencyMs(authorization: string | undefined): number;
  /** Faults armed for the next requests, turns and sockets. */
  readonly faults: FaultPlan;
  /** The last requests and frames. */
  readonly journal: RequestJournal;
  /** The contract self-check and the violations it caught. */
  readonly contractGuard: ContractGuard;
  /** Each tenant's time over the server clock. */
  readonly time: TenantTime;
  /**
   * Drops all data, tokens, counters, runtime tenants, sockets, faults, journal and violations,
   * and puts every tenant's time back to the server's; with `scope`, only that tenant's data,
   * counters, sockets, faults, journal entries and time (its credentials stay valid).
   */
  reset(scope?: TenantScope): void;
  /** The state, read-only by convention (tests and diagnostics). */
  readonly state: EngineState;
}

/** The transport-independent reference server: everything but HTTP and WebSocket framing. */
export interface ReferenceEngine extends EngineTransport, EngineControlSurface {}
