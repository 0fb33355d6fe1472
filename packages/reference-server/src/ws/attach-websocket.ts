import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { FIELD_LIMITS, WEBSOCKET_SUBPROTOCOL } from '@partner-assistant/contract';
import {
  type EngineTransport,
  noSuchRoute,
  selectSubprotocol,
} from '@partner-assistant/engine/transport';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { writeRawErrorResponse } from '../http/raw-error-response.ts';
import { frameWriter } from './frame-batch.ts';
import { upgradeRefusal } from './upgrade-refusal.ts';

/** Options of {@link attachWebSocket}. */
export interface WebSocketAdapterOptions {
  /** The HTTP server whose upgrades to accept. */
  server: Server;
  /** The engine that authenticates sockets and answers frames. */
  engine: EngineTransport;
  /** Structured logger; never logs a token or a frame. */
  logger: Logger;
}

/** The running WebSocket channel. */
export interface WebSocketAdapter {
  /** Terminates every connection still open (the engine has already closed them with 1001). */
  close(): Promise<void>;
}

/** How long shutdown waits for clients to acknowledge the 1001 close. */
const CLOSE_GRACE_MS = 500;

function parseRequestUrl(raw: string | undefined): URL | undefined {
  try {
    return new URL(raw ?? '/', 'http://reference.invalid');
  } catch {
    return undefined;
  }
}

function requestedProtocols(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'] ?? '';
  return header
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol.length > 0);
}

function connect(
  options: WebSocketAdapterOptions,
  ws: WebSocket,
  request: IncomingMessage,
  socket: Duplex,
  search: string,
): void {
  const frames = frameWriter(ws, socket);
  const session = options.engine.openSocket({
    protocols: requestedProtocols(request),
    search,
    transport: {
      send: (text) => {
        if (ws.readyState === WebSocket.OPEN) frames.send(text);
      },
      close: (code, reason) => {
        frames.flush();
        ws.close(code, reason);
      },
      // What was sent before the cut still reaches the client, as when each frame left at once.
      terminate: () => {
        frames.flush();
        ws.terminate();
      },
    },
  });
  options.logger.info({ socket_id: session.id }, 'socket opened');
  ws.on('message', (data, isBinary) => session.receive(isBinary ? null : data.toString()));
  ws.on('error', () => {});
  ws.on('close', (code) => {
    session.closed();
    options.logger.info({ socket_id: session.id, close_code: code }, 'socket closed');
  });
}

/**
 * The WebSocket adapter: accepts upgrades on the chat path only, selects `service.partner.v1`,
 * limits frames to 64 KiB (close 1009) and hands the connection to the engine, which checks the
 * token (second sub-protocol) and closes with 4400/4401/4403/4429 when it must.
 */
export function attachWebSocket(options: WebSocketAdapterOptions): WebSocketAdapter {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: FIELD_LIMITS.maxFrameBytes,
    perMessageDeflate: false,
    handleProtocols: (protocols) =>
      selectSubprotocol([...protocols], WEBSOCKET_SUBPROTOCOL) ?? false,
  });
  options.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    const url = parseRequestUrl(request.url);
    const refusal = upgradeRefusal(request, url?.pathname);
    if (refusal || !url) {
      const error = refusal ?? noSuchRoute(request.method ?? 'GET', '/');
      writeRawErrorResponse(socket, options.engine.refusal(error).response);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) =>
      connect(options, ws, request, socket, url.search.slice(1)),
    );
  });
  return {
    close: async () => {
      // Give clients a moment to complete the closing handshake (1001), then cut what remains.
      const closing = [...wss.clients].map(
        (client) => new Promise((done) => client.once('close', done)),
      );
      const grace = new Promise((done) => setTimeout(done, CLOSE_GRACE_MS).unref());
      await Promise.race([Promise.all(closing), grace]);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
