import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WEBSOCKET_PATH } from '@partner-assistant/contract';
import pino, { type Logger } from 'pino';
import { parseReferenceConfig } from './config/parse-reference-config.ts';
import { resolveClock } from './control/server-clock.ts';
import { createServerControl, type ReferenceServerControl } from './control/server-control.ts';
import { DEMO_CONFIG } from './demo-config.ts';
import {
  ApiError,
  createPrng,
  createReferenceEngine,
  createSeededRandomSource,
  type EngineClock,
  errorResponse,
  type RandomSource,
  type ReferenceEngine,
} from './engine/index.ts';
import { createHttpApp } from './http/create-http-app.ts';
import { writeRawErrorResponse } from './http/raw-error-response.ts';
import { validateStartOptions } from './options/validate-start-options.ts';
import { attachWebSocket } from './ws/attach-websocket.ts';

/** Options of {@link startReferenceServer}. */
export interface StartReferenceServerOptions {
  /** Configuration (same shape as the config file), validated on start. @default DEMO_CONFIG */
  config?: unknown;
  /** Port; `0` picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** pino logger for the structured request logs. @default a silent logger */
  logger?: Logger;
  /**
   * `real`, `manual` (time moves only through `control.clock`) or a clock of your own.
   * @default 'manual' when `seed` is set, else 'real'
   */
  clock?: 'real' | 'manual' | EngineClock;
  /**
   * Deterministic mode: seeded ids, tokens and latency draws, and (unless `clock` says otherwise)
   * a manual clock frozen at `startAt`. Never use it outside tests: tokens become predictable.
   */
  seed?: string | number;
  /**
   * Start instant of a manual clock.
   * @default '2026-01-01T00:00:00.000Z' with a seed, else now
   */
  startAt?: string | Date;
  /**
   * Validate every response and event against the contract before it leaves; a violation is
   * logged, marked with `X-Contract-Violation` and listed by `control.selfCheck.violations()`.
   * @default true when NODE_ENV is `test` or CI is set
   */
  selfCheck?: boolean;
  /** Serve the admin API under `/__admin` (never on by default). @default false */
  admin?: boolean;
  /** Ids and random bytes of the engine (overrides `seed` for ids). @default `crypto` */
  random?: RandomSource;
}

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
function answerMalformedHttp(engine: ReferenceEngine, error: unknown, socket: Duplex): void {
  if ((error as { code?: unknown } | null)?.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const refusal = new ApiError('invalid_request', 'Malformed HTTP request');
  writeRawErrorResponse(socket, errorResponse(refusal, engine.newRequestId()));
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The self-check default: on in test runners and CI. */
export function selfCheckByDefault(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV === 'test' || (env.CI !== undefined && env.CI !== '' && env.CI !== 'false');
}

function buildEngine(options: StartReferenceServerOptions, logger: Logger) {
  const config = parseReferenceConfig(options.config ?? DEMO_CONFIG);
  const clock = resolveClock(options);
  const seeded = options.seed === undefined ? undefined : createSeededRandomSource(options.seed);
  const engine = createReferenceEngine({
    config,
    clock: clock.clock,
    ...(options.random || seeded ? { random: options.random ?? seeded } : {}),
    ...(options.seed === undefined ? {} : { faultPrng: createPrng(`${options.seed}:faults`) }),
    selfCheck: options.selfCheck ?? selfCheckByDefault(),
    onContractViolation: (violation) => logger.error({ violation }, 'contract violation'),
  });
  const control = createServerControl({
    engine,
    clock,
    random: options.random ? undefined : seeded,
  });
  return { engine, control };
}

/**
 * Starts the reference server: REST (express) and WebSocket (ws) on one port, backed by one
 * in-memory engine, with the test-runner `control` (and the admin API when `admin` is set).
 *
 * @throws {ReferenceServerOptionsError} when an option is unknown or of the wrong kind.
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
  const { engine, control } = buildEngine(options, logger);
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
