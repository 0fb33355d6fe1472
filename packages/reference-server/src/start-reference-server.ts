import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import pino, { type Logger } from 'pino';
import { parseReferenceConfig } from './config/parse-reference-config.ts';
import { DEMO_CONFIG } from './demo-config.ts';
import type { EngineClock } from './engine/clock.ts';
import {
  ApiError,
  createReferenceEngine,
  errorResponse,
  type RandomSource,
  type ReferenceEngine,
  type TenantCredentials,
  type TenantOptions,
} from './engine/index.ts';
import { createHttpApp } from './http/create-http-app.ts';
import { writeRawErrorResponse } from './http/raw-error-response.ts';
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
  /** Time and timers of the engine. @default the system clock */
  clock?: EngineClock;
  /** Ids and random bytes of the engine. @default `crypto` */
  random?: RandomSource;
}

/** Test-runner controls of a running server. */
export interface ReferenceServerControl {
  /** Tenants created at run time, isolated from every other. */
  tenants: {
    /** Creates a partner with one application and fresh credentials. */
    create(options?: TenantOptions): TenantCredentials;
  };
  /** Drops all data, tokens, counters, runtime tenants and sockets; back to the configuration. */
  reset(): void;
}

/** A running reference server. */
export interface RunningReferenceServer {
  /** Base URL of the REST API, `http://HOST:PORT` (paths start with `/api/partners/v1`). */
  url: string;
  /** Base WebSocket URL, `ws://HOST:PORT` (the channel is at `/api/partners/v1/chat`). */
  wsUrl: string;
  /** The port listened on. */
  port: number;
  /** Test-runner controls. */
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
function answerMalformedHttp(engine: ReferenceEngine, socket: Duplex): void {
  const refusal = new ApiError('invalid_request', 'Malformed HTTP request');
  writeRawErrorResponse(socket, errorResponse(refusal, engine.newRequestId()));
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the reference server: REST (express) and WebSocket (ws) on one port, backed by one
 * in-memory engine.
 *
 * @throws {ReferenceConfigError} when the configuration is invalid.
 * @example
 * const server = await startReferenceServer({ config, port: 0 });
 * // … run tests against server.url and server.wsUrl …
 * await server.close();
 */
export async function startReferenceServer(
  options: StartReferenceServerOptions = {},
): Promise<RunningReferenceServer> {
  const config = parseReferenceConfig(options.config ?? DEMO_CONFIG);
  const logger = options.logger ?? pino({ level: 'silent' });
  const host = options.host ?? '127.0.0.1';
  const engine = createReferenceEngine({
    config,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
  const server = createServer(createHttpApp({ engine, logger }));
  server.on('clientError', (_error, socket) => answerMalformedHttp(engine, socket));
  const webSocket = attachWebSocket({ server, engine, logger });
  const address = await listen(server, options.port ?? 0, host);
  const origin = `${hostForUrl(host)}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${origin}`,
    wsUrl: `ws://${origin}`,
    port: address.port,
    engine,
    control: {
      tenants: { create: (tenant) => engine.createTenant(tenant) },
      reset: () => engine.reset(),
    },
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
