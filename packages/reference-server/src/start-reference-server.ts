import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WEBSOCKET_PATH } from '@partner-assistant/contract';
import {
  ApiError,
  createEngineRuntime,
  type EngineControl,
  type EngineRuntimeOptions,
  type EngineTransport,
  profileFromEnvironment,
  type ReferenceEngine,
  type ServerProfile,
} from '@partner-assistant/engine/transport';
import pino, { type Logger } from 'pino';
import { createHttpApp } from './http/create-http-app.ts';
import { writeRawErrorResponse } from './http/raw-error-response.ts';
import { validateStartOptions } from './options/validate-start-options.ts';
import { attachWebSocket } from './ws/attach-websocket.ts';

/**
 * Options of {@link startReferenceServer}: those of the engine (configuration, clock, seed,
 * self-check, random source, profile, UUID case) and of the HTTP server.
 */
export interface StartReferenceServerOptions
  extends Omit<EngineRuntimeOptions, 'onContractViolation' | 'profile'> {
  /**
   * `minimal` answers only what the specification shows (no field or header that only our
   * decisions add), so that a client tested against it requires nothing the real API does not
   * promise; `full` adds our documented decisions. Without it, the environment variable
   * `PARTNER_ASSISTANT_PROFILE` (`full` or `minimal`) decides, as in the test setups.
   * @default process.env.PARTNER_ASSISTANT_PROFILE, else 'full'
   * @example 'minimal'
   */
  profile?: ServerProfile | undefined;
  /** Port; `0` picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** pino logger for the structured request logs. @default a silent logger */
  logger?: Logger;
  /** Serve the admin API under `/__admin` (never on by default). @default false */
  admin?: boolean;
}

/** Test-runner controls of a running server: the engine's controls. */
export type ReferenceServerControl = EngineControl;

/** A running reference server. */
export interface RunningReferenceServer {
  /** Base URL of the REST API, `http://HOST:PORT` (paths start with `/api/partners/v1`). */
  url: string;
  /** Base WebSocket URL, `ws://HOST:PORT` (the channel is at `/api/partners/v1/chat`). */
  wsUrl: string;
  /** The WebSocket channel itself, `ws://HOST:PORT/api/partners/v1/chat`. */
  channelUrl: string;
  /** The port listened on. */
  port: number;
  /** The profile in force: the `profile` option, else `PARTNER_ASSISTANT_PROFILE`, else `full`. */
  profile: ServerProfile;
  /** Test-runner controls: clock, faults, tokens, tenants, journal, self-check, reset. */
  control: ReferenceServerControl;
  /** The engine behind the server. */
  engine: ReferenceEngine;
  /** Closes sockets (1001), stops turns and stops listening. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Answers a request Node could not even parse with the envelope (422), then closes. */
function answerMalformedHttp(engine: EngineTransport, error: unknown, socket: Duplex): void {
  if ((error as { code?: unknown } | null)?.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const refusal = new ApiError('invalid_request', 'Malformed HTTP request');
  writeRawErrorResponse(socket, engine.refusal(refusal).response);
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the reference server: REST (node:http) and WebSocket (ws) on one port, backed by one
 * in-memory engine, with the test-runner `control` (and the admin API when `admin` is set).
 *
 * Without a `profile` option, `PARTNER_ASSISTANT_PROFILE` (`full` or `minimal`) picks it, read
 * from `process.env` when called: `PARTNER_ASSISTANT_PROFILE=minimal npx vitest` runs a suite that
 * starts its own servers against servers that answer only what the specification shows, with no
 * code change. An explicit `profile` option wins.
 *
 * @throws {ReferenceServerOptionsError} when an option is unknown or of the wrong kind.
 * @throws {TypeError} naming `PARTNER_ASSISTANT_PROFILE` when, with no `profile` option, it is
 * neither `full` nor `minimal`.
 * @throws {ReferenceConfigError} when the configuration is invalid.
 * @example
 * const server = await startReferenceServer({ config, seed: 'suite', clock: 'manual' });
 * // … run tests against server.url and server.wsUrl, move time with server.control.clock …
 * await server.close();
 */
export async function startReferenceServer(
  options: StartReferenceServerOptions = {},
): Promise<RunningReferenceServer> {
  validateStartOptions(options);
  const logger = options.logger ?? pino({ level: 'silent' });
  const host = options.host ?? '127.0.0.1';
  const { admin: _admin, host: _host, port: _port, logger: _logger, ...engineOptions } = options;
  const profile = options.profile ?? profileFromEnvironment(process.env) ?? 'full';
  const { engine, control } = createEngineRuntime({
    ...engineOptions,
    profile,
    onContractViolation: (violation) => logger.error({ violation }, 'contract violation'),
  });
  const app = createHttpApp({ engine, logger, adminControl: options.admin ? control : undefined });
  // Node would answer a missing Host (400) and an unknown Expect (417) itself, bare: the adapter
  // answers both with the envelope instead.
  const server = createServer({ requireHostHeader: false }, app.handleRequest);
  server.on('checkContinue', app.handleCheckContinue);
  server.on('checkExpectation', app.handleCheckExpectation);
  server.on('clientError', (error, socket) => answerMalformedHttp(engine, error, socket));
  const webSocket = attachWebSocket({ server, engine, logger });
  const address = await listen(server, options.port ?? 0, host);
  const origin = `${hostForUrl(host)}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${origin}`,
    wsUrl: `ws://${origin}`,
    channelUrl: `ws://${origin}${WEBSOCKET_PATH}`,
    port: address.port,
    profile,
    engine,
    control,
    close: () => {
      closing ??= (async () => {
        engine.shutdown();
        await webSocket.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
